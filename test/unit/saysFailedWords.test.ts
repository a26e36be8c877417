// A 2xx answer that is one word (transport/errors.ts saysFailed): full stops and "!" after a failure word are cut,
// however many; one before it, or inside it, is part of other text, which says nothing.
import { saysFailed } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';

const cancel = ENDPOINTS.cancelSalesOrder.does;

describe('saysFailed, a failure word as the whole answer', () => {
	it('with several full stops or "!" after it, it says failure', () => {
		for (const said of ['Failed..', 'Error!!', 'False...', ' Failure!. ', '"Error!!"']) {
			expect([said, saysFailed(said.startsWith('"') ? JSON.parse(said) : said, cancel)]).toEqual([said, true]);
		}
	});

	it('with "!" before it (a negation) or a full stop or "!" inside it, it is other text and says nothing', () => {
		for (const said of ['!False', 'Fail.ed', 'fal!se']) {
			expect([said, saysFailed(said, cancel)]).toEqual([said, false]);
		}
	});
});
