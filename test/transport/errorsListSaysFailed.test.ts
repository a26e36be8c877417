// Bug hunt 46: a 2xx answer whose Errors list holds errors, with no flag saying success, says the request failed
// (transport/errors.ts saysFailed, errorsSayFailed): to an update, cancel or retire, and to a read holding no records.
// Not to a create (its transaction reference decides: none is an unknown outcome, never a refusal whose record the next
// run sends), nor to a write whose deed is unknown (a label, a batch); never beside a success flag saying true.
import { failedAnswerError, readRefusal, saysFailed } from '../../nodes/WineFulfillment/transport/errors';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from '../unit/fakeContext';

const none = new Secrets([]);
const cancel = ENDPOINTS.cancelSalesOrder.does;

describe('saysFailed: a write answered with a list of errors', () => {
	it.each([
		['update', ENDPOINTS.updateSalesOrder.does],
		['cancel', cancel],
		['update and cancel (IsCancelOnly)', ['cancelled', 'updated'] as const],
		['retire', ENDPOINTS.retireSku.does],
	])('%s: an Errors list of text or of objects, in any letter case, says it failed', (_name, does) => {
		expect(saysFailed({ Errors: ['Order already shipped'] }, does)).toBe(true);
		expect(saysFailed({ errors: [{ Code: 'E1', Message: 'Customer account suspended' }] }, does)).toBe(true);
		expect(saysFailed({ ERRORS: [{ Code: 'E1' }] }, does)).toBe(true);
		// one level down, as a flag there
		expect(saysFailed({ Result: { Errors: ['Order already shipped'] } }, does)).toBe(true);
	});

	it('an empty list, entries that say nothing, or a Warnings list: no failure', () => {
		expect(saysFailed({ Errors: [] }, cancel)).toBe(false);
		expect(saysFailed({ Errors: ['', ' ', null, {}] }, cancel)).toBe(false);
		expect(saysFailed({ Errors: null }, cancel)).toBe(false);
		expect(saysFailed({ Warnings: ['Address normalised'] }, cancel)).toBe(false);
		// a map of member → messages is no list of errors
		expect(saysFailed({ Errors: { OrderNo: [] } }, cancel)).toBe(false);
	});

	it('a flag saying success is trusted over the list (the list is what came with it)', () => {
		expect(saysFailed({ IsSuccess: true, Errors: ['Address normalised'] }, cancel)).toBe(false);
		expect(saysFailed({ Cancelled: true, Errors: ['Address normalised'] }, cancel)).toBe(false);
		expect(saysFailed({ HasErrors: false, Errors: ['Address normalised'] }, cancel)).toBe(false);
		expect(saysFailed({ IsSuccess: true, Result: { Errors: ['Address normalised'] } }, cancel)).toBe(false);
		expect(saysFailed({ Result: { IsSuccess: 'Y', Errors: ['Address normalised'] } }, cancel)).toBe(false);
		// a flag that says neither is no word on the outcome
		expect(saysFailed({ IsSuccess: 'maybe', Errors: ['Order already shipped'] }, cancel)).toBe(true);
		// a flag saying failure says it whatever the list
		expect(saysFailed({ IsSuccess: false, Errors: [] }, cancel)).toBe(true);
	});

	it('a create, or a write whose deed is unknown (a label, a batch): the list alone says nothing', () => {
		expect(saysFailed({ Errors: ['Invalid SKU'] }, ENDPOINTS.createSalesOrder.does)).toBe(false);
		expect(saysFailed({ Errors: ['Invalid SKU'] }, ['created', 'updated'])).toBe(false);
		expect(saysFailed({ Errors: ['Invalid SKU'] }, ENDPOINTS.createSku.does)).toBe(false);
		expect(saysFailed({ Errors: ['Label voided'] }, ENDPOINTS.generateJitLabel.does)).toBe(false);
		expect(saysFailed({ Errors: ['Some orders failed'] }, ENDPOINTS.batchSalesOrder.does)).toBe(false);
	});

	it("the refusal's message is the errors' messages", () => {
		const error = failedAnswerError(node, ENDPOINTS.cancelSalesOrder, 200, { Errors: ['Order already shipped', { Code: 'E2', Message: 'Paid' }] }, none, undefined, 0);
		expect(error.message).toBe('The provider refused the request: Order already shipped; Paid');
		expect(error.errorResponse).toMatchObject({ providerMessage: 'Order already shipped; Paid', outcome: 'refused' });
		const nested = failedAnswerError(node, ENDPOINTS.updateSalesOrder, 200, { Result: { Errors: ['Order already shipped'] }, Id: 7 }, none, undefined, 0);
		expect(nested.message).toBe('The provider refused the request: Order already shipped');
	});
});

describe('saysFailed and readRefusal: a read answered with a list of errors', () => {
	const read = (body: unknown) => saysFailed(body, undefined, false);
	const refusal = (body: unknown) => readRefusal(() => node, ENDPOINTS.getReturns, 200, body, none, 0);

	it('beside no records (an empty or null list, or none): failed', () => {
		expect(read({ TotalRecordCount: 0, ReturnSalesOrderHeaders: [], Errors: ['Warehouse COB09 is not valid'] })).toBe(true);
		expect(read({ ReturnSalesOrderHeaders: null, errors: [{ message: 'Warehouse COB09 is not valid' }] })).toBe(true);
		expect(read({ Errors: ['Warehouse COB09 is not valid'] })).toBe(true);
		// the provider's words beside are no records
		expect(read({ Items: [], Messages: ['See errors'], Warnings: ['w'], Errors: ['Warehouse COB09 is not valid'] })).toBe(true);
	});

	it('beside records (per-record remarks), a flag saying success, or an Errors list one level down: as it was', () => {
		expect(read({ ReturnSalesOrderHeaders: [{ OrderNo: 'R1' }], Errors: ['R2: no lines'] })).toBe(false);
		expect(read({ IsSuccess: true, ReturnSalesOrderHeaders: [], Errors: ['Warehouse COB09 is not valid'] })).toBe(false);
		// a read's object one level down is a record
		expect(read({ Summary: { Errors: ['x'] }, ReturnSalesOrderHeaders: [] })).toBe(false);
	});

	it('readRefusal: the error shows the messages; one saying nothing was found stays an empty answer', () => {
		const error = refusal({ TotalRecordCount: 0, MoreRecords: false, ReturnSalesOrderHeaders: [], Errors: ['Warehouse COB09 is not valid'] });
		expect(error?.message).toBe('The provider refused the request: Warehouse COB09 is not valid');
		expect(refusal({ TotalRecordCount: 0, ReturnSalesOrderHeaders: [], Errors: ['No returns found'] })).toBeUndefined();
		expect(refusal({ ReturnSalesOrderHeaders: [{ OrderNo: 'R1' }], Errors: ['R2: no lines'] })).toBeUndefined();
	});
});
