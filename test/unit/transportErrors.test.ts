// The transport's error words called directly: the provider's message, each status, redirects, documents, connection failures.
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import {
	connectionError,
	connectionFailure,
	documentError,
	malformedResponseError,
	mayHaveTakenEffect,
	providerMessage,
	redirectError,
	statusError,
} from '../../nodes/WineFulfillment/transport/errors';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from './fakeContext';

const secrets = new Secrets(['unit-user-key', 'unit-password']);
const none = new Secrets([]);
const read = ENDPOINTS.getStatus;
const create = ENDPOINTS.createSalesOrder;
/** the advice of a status error, without the provider's answer its details end with */
const guidance = (e: NodeApiError) => (e.description ?? '').split('\n\n')[0];

describe('providerMessage', () => {
	it('is empty for nothing', () => {
		expect(providerMessage(undefined)).toBe('');
		expect(providerMessage(null)).toBe('');
	});

	it('a string answer is the message, trimmed, at most 2000 characters', () => {
		expect(providerMessage('  Invalid order  ')).toBe('Invalid order');
		expect(providerMessage('x'.repeat(2500))).toBe('x'.repeat(2000));
	});

	it('takes the first non-empty of message, Message, error, Error, errorMessage, ErrorMessage, title, detail', () => {
		expect(providerMessage({ message: ' m ', Message: 'M' })).toBe('m');
		expect(providerMessage({ Message: 'M', error: 'e' })).toBe('M');
		expect(providerMessage({ error: 'e', Error: 'E' })).toBe('e');
		expect(providerMessage({ Error: 'E', errorMessage: 'em' })).toBe('E');
		expect(providerMessage({ errorMessage: 'em', ErrorMessage: 'EM' })).toBe('em');
		expect(providerMessage({ ErrorMessage: 'EM', title: 't' })).toBe('EM');
		expect(providerMessage({ title: 't', detail: 'd' })).toBe('t');
		expect(providerMessage({ detail: 'd' })).toBe('d');
		expect(providerMessage({ message: '   ', detail: 'd' })).toBe('d');
		expect(providerMessage({ message: 'y'.repeat(2100) })).toBe('y'.repeat(2000));
	});

	it('looks inside a message member that is an object, and goes on when it holds nothing', () => {
		expect(providerMessage({ error: { message: 'inner' } })).toBe('inner');
		expect(providerMessage({ message: 5, Error: false, detail: 'd' })).toBe('d');
		expect(providerMessage({ error: [], detail: 'd' })).toBe('d');
		expect(providerMessage({ error: [''], title: 't' })).toBe('t');
		// an object member without a message is shown whole
		expect(providerMessage({ error: { Code: 1 }, title: 't' })).toBe('{"Code":1}');
	});

	it('goes past a member or list entry that holds nothing at any depth, to the next message', () => {
		expect(providerMessage({ error: {}, detail: 'the detail' })).toBe('the detail');
		expect(providerMessage({ error: { message: ' ', Code: null }, title: 't' })).toBe('t');
		expect(providerMessage({ Error: { inner: [{}, ''] }, detail: 'd' })).toBe('d');
		expect(providerMessage({ Messages: [{}], errors: ['e'] })).toBe('e');
		expect(providerMessage({ errors: { OrderNo: {}, Qty: ['too small'] } })).toBe('too small');
		expect(providerMessage([{}, 'a'])).toBe('a');
		// a member that holds a number or a boolean somewhere is not empty: shown whole
		expect(providerMessage({ error: { Code: 0 }, title: 't' })).toBe('{"Code":0}');
		expect(providerMessage({ error: { ok: false }, title: 't' })).toBe('{"ok":false}');
		expect(providerMessage({ error: { list: [{ n: 1 }] }, title: 't' })).toBe('{"list":[{"n":1}]}');
		// the answer itself is still shown as JSON when nothing in it names a message
		expect(providerMessage({ error: {} })).toBe('{"error":{}}');
		expect(providerMessage({})).toBe('{}');
	});

	it('joins a list of messages, leaving out empty ones', () => {
		expect(providerMessage(['a', '', { message: 'b' }, null])).toBe('a; b');
		expect(providerMessage({ Messages: ['one', 'two'] })).toBe('one; two');
		expect(providerMessage({ errors: { OrderNo: ['required'], Qty: ['too small'] } })).toBe('required; too small');
		expect(providerMessage({ Errors: 'plain' })).toBe('plain');
		expect(providerMessage({ messages: ['x'] })).toBe('x');
	});

	it('goes past an empty list to the next one, and shows the whole object as JSON when nothing names a message', () => {
		expect(providerMessage({ Messages: [], errors: ['e'] })).toBe('e');
		expect(providerMessage({ Messages: [] })).toBe('{"Messages":[]}');
		expect(providerMessage({ Code: 7 })).toBe('{"Code":7}');
		expect(providerMessage({ Code: 'z'.repeat(2100) })).toHaveLength(2000);
	});

	it('a number or a boolean as its text', () => {
		expect(providerMessage(42)).toBe('42');
		expect(providerMessage(false)).toBe('false');
	});
});

describe('providerMessage: entries that hold nothing', () => {
	it('a list entry whose members are all null or missing is skipped, and the whole answer shown', () => {
		expect(providerMessage({ errors: [{ detail: null, code: undefined }] })).toBe('{"errors":[{"detail":null}]}');
		expect(providerMessage({ Messages: [null, { Text: null }, 'Out of stock'] })).toBe('Out of stock');
	});
});

describe('statusError', () => {
	const error = (status: number, body: unknown = { Message: 'said this' }, endpoint = read, itemIndex?: number) =>
		statusError(node, endpoint, status, body, secrets, itemIndex);

	it('is a NodeApiError with the status, the message, the description and the item', () => {
		const e = error(400, { Message: 'OrderNo is required' }, create, 3);
		expect(e).toBeInstanceOf(NodeApiError);
		expect(e.message).toBe('The provider rejected the request as invalid: OrderNo is required');
		expect(guidance(e)).toBe('Correct the field the message names and run the node again.');
		expect(e.httpCode).toBe('400');
		expect(e.context.itemIndex).toBe(3);
		expect(e.errorResponse).toEqual({ httpCode: '400', message: e.message, providerMessage: 'OrderNo is required' });
	});

	it("the details end with the provider's whole answer, scrubbed; nothing when it sent none", () => {
		expect(error(400, { Message: 'bad', Key: 'unit-password' }).description).toBe(
			'Correct the field the message names and run the node again.\n\nThe provider\'s answer (400): {"Message":"bad","Key":"***"}',
		);
		expect(error(400, '').description).toBe('Correct the field the message names and run the node again.');
	});

	it("the provider's answer in the details: none for no body, trimmed, cut after 1,000 characters", () => {
		const only = 'Correct the field the message names and run the node again.';
		expect(statusError(node, read, 400, undefined, secrets).description).toBe(only);
		expect(error(400, null).description).toBe(only);
		expect(error(400, '   ').description).toBe(only);
		expect(error(400, '  padded answer \n').description).toBe(`${only}\n\nThe provider's answer (400): padded answer`);
		expect(error(400, 'x'.repeat(1000)).description).toBe(`${only}\n\nThe provider's answer (400): ${'x'.repeat(1000)}`);
		expect(error(400, 'y'.repeat(1001)).description).toBe(`${only}\n\nThe provider's answer (400): ${'y'.repeat(1000)}…`);
		// scrubbed before the cut: no part of a secret at the end
		expect(error(400, `${'z'.repeat(995)}unit-password`).description).toBe(`${only}\n\nThe provider's answer (400): ${'z'.repeat(995)}***`);
	});

	it("wire paths are put in the panel's words for refusals (4xx) only, when the operation has labels", () => {
		const labels = { ItemsInfo: 'Items', 'ItemsInfo.ItemNo': 'Item Number' };
		const said = { Message: 'ItemsInfo[0]: ItemNo is required' };
		const at = (status: number, given?: Record<string, string>) =>
			statusError(node, create, status, said, none, 0, given).errorResponse?.providerMessage;
		const shown = (status: number, given?: Record<string, string>) => statusError(node, create, status, said, none, 0, given).message;
		const advice = (status: number) => guidance(statusError(node, create, status, said, none, 0, labels));
		expect(shown(400, labels)).toBe('The provider rejected the request as invalid: Items line 1 → Item Number is required');
		expect(advice(499)).toBe('The provider said: Items line 1 → Item Number is required');
		expect(advice(399)).toBe('The provider said: ItemsInfo[0]: ItemNo is required');
		expect(advice(500)).toContain('The provider said: ItemsInfo[0]: ItemNo is required');
		expect(shown(400)).toBe('The provider rejected the request as invalid: ItemsInfo[0]: ItemNo is required');
		// what the provider said is kept as it said it
		expect(at(400, labels)).toBe('ItemsInfo[0]: ItemNo is required');
	});

	it('400 without a provider message', () => {
		expect(error(400, '').message).toBe('The provider rejected the request as invalid');
	});

	it('300: several sales orders', () => {
		const e = error(300, 'two match');
		expect(e.message).toBe('Several sales orders match this order number');
		expect(guidance(e)).toBe(
			'Locate the order by its Transaction Reference Number (returned when it was created) instead of the order number. The provider said: two match',
		);
		expect(guidance(error(300, ''))).toBe(
			'Locate the order by its Transaction Reference Number (returned when it was created) instead of the order number.',
		);
	});

	it('401: the credentials', () => {
		const e = error(401);
		expect(e.message).toBe('The credentials were refused');
		expect(guidance(e)).toBe(
			'Check User Key, Password, Customer No and Access Token in the Wine Fulfillment API credential, and that its Base URL is the environment they were issued for.',
		);
	});

	it('403: a sales order whose state changed, another record that can no longer change, or a refused operation', () => {
		const so = error(403, 'shipped', ENDPOINTS.cancelSalesOrder);
		expect(so.message).toBe("The sales order's state has changed, so it cannot be updated or cancelled");
		expect(guidance(so)).toBe(
			'The order has moved on (for example it shipped or was already cancelled). Check its state with the provider before changing it. The provider said: shipped',
		);
		const po = error(403, 'started', ENDPOINTS.cancelPurchaseOrder);
		expect(po.message).toBe('The purchase order can no longer be changed or cancelled');
		expect(guidance(po)).toBe(
			'Work on it has started, or it is already cancelled or complete. Check its state with the provider. The provider said: started',
		);
		const other = error(403, 'no', read);
		expect(other.message).toBe('The provider refused this operation (403)');
		expect(guidance(other)).toBe('Check that your account may use it. The provider said: no');
	});

	it('404: an unknown order number, an unknown customer reference, or nothing found', () => {
		const so = error(404, '', ENDPOINTS.updateSalesOrder);
		expect(so.message).toBe('The order number was not found');
		expect(guidance(so)).toBe(
			"No sales order has this order number (or transaction reference number) for your customer number. Check the number, and the environment in the credential's Base URL.",
		);
		const to = error(404, 'gone', ENDPOINTS.cancelTransferOrder);
		expect(to.message).toBe('No transfer order has this Customer Reference No');
		expect(guidance(to)).toBe("Check the number, and the environment in the credential's Base URL. The provider said: gone");
		const other = error(404, '', read);
		expect(other.message).toBe('Not found (404)');
		expect(guidance(other)).toBe('The provider found nothing for this request.');
	});

	it('413 and 429', () => {
		const big = error(413, '');
		expect(big.message).toBe('The request is too large for the provider');
		expect(guidance(big)).toBe('Send fewer records in one request (for batches, lower the batch size).');
		const limited = statusError(node, read, 429, 'slow down', secrets, undefined, undefined, undefined, { requests: 3 });
		expect(limited.message).toBe("The provider's rate limit was exceeded and retries did not get through");
		expect(guidance(limited)).toBe("Lower the node's Concurrency, or run again later. The provider said: slow down");
		// after a single request no retries are claimed, nor Concurrency advised (bug hunt 39)
		const once = error(429, 'slow down');
		expect(once.message).toBe("The provider's rate limit was exceeded");
		expect(guidance(once)).toBe(
			"The request was not sent again: the node's limits on attempts and waiting allowed no further one. Run again later. The provider said: slow down",
		);
	});

	it('5xx: a write was not resent, a read was retried', () => {
		const w = error(500, 'boom', create);
		expect(w.message).toBe('The provider had an internal error (500): the request may have taken effect, check before sending it again');
		expect(guidance(w)).toBe(
			'The request was not resent, because it may have taken effect: check with the provider before running it again, or it could be duplicated. The provider said: boom',
		);
		const r = statusError(node, read, 503, '', secrets, undefined, undefined, undefined, { requests: 9 });
		expect(r.message).toBe('The provider had an internal error (503)');
		expect(guidance(r)).toBe('The query was retried and still failed; try again later.');
		// after a single request it says it was not sent again (bug hunt 39)
		expect(guidance(error(503, '', read))).toBe("The query was not sent again: the node's limits on attempts and waiting allowed no further one. Try again later.");
	});

	it('any other status says which, and what the provider said', () => {
		const e = error(418, 'teapot');
		expect(e.message).toBe('The provider answered with status 418');
		expect(guidance(e)).toBe('The provider said: teapot');
		expect(guidance(error(499, ''))).toBe('Unexpected status.');
	});

	it('the provider message is scrubbed of secrets before it is cut or shown', () => {
		const e = error(400, { Message: 'bad key unit-user-key' });
		expect(e.message).toBe('The provider rejected the request as invalid: bad key ***');
		expect(JSON.stringify(e.errorResponse)).not.toContain('unit-user-key');
	});
});

describe('redirectError', () => {
	it('names where it pointed, without user:password@, and is not followed', () => {
		const e = redirectError(node, read, 302, ' https://user:pw@elsewhere.example/v3/x ', none, 2);
		expect(e.message).toBe('The provider redirected the request to https://elsewhere.example/v3/x (302); redirects are not followed');
		expect(e.description).toBe(
			'Nothing was sent to another address: a redirect would carry the credentials there, and could turn a create into a query. ' +
				"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's current https address ending in /v3 (if the provider has moved, enter the new address there).",
		);
		expect(e.httpCode).toBe('302');
		expect(e.context.itemIndex).toBe(2);
		expect(e.errorResponse).toMatchObject({ location: 'https://elsewhere.example/v3/x' });
	});

	it('a location that is not a full address loses its user:password@ too', () => {
		expect(redirectError(node, read, 307, '//user:pw@host.example/path', none).message).toBe(
			'The provider redirected the request to //host.example/path (307); redirects are not followed',
		);
		expect(redirectError(node, read, 307, '  /relative/path  ', none).message).toBe(
			'The provider redirected the request to /relative/path (307); redirects are not followed',
		);
	});

	it('a long location is cut at 300 characters', () => {
		const long = `https://host.example/${'a'.repeat(400)}`;
		const e = redirectError(node, read, 301, long, none);
		expect(e.message).toBe(`The provider redirected the request to ${long.slice(0, 300)}… (301); redirects are not followed`);
		const exact = `https://host.example/${'b'.repeat(279)}`;
		expect(exact).toHaveLength(300);
		expect(redirectError(node, read, 301, exact, none).message).toContain(`${exact} (301)`);
	});

	it('without a location, and for a write, says so', () => {
		const e = redirectError(node, create, 308, '  ', none);
		expect(e.message).toBe('The provider answered with redirect status 308 and no location; redirects are not followed: the request may have taken effect, check before sending it again');
		expect(e.description).toBe(
			'Nothing was sent to another address: a redirect would carry the credentials there, and could turn a create into a query. ' +
				"Check the Base URL in the Wine Fulfillment API credential: it must be the environment's current https address ending in /v3. " +
				'The provider answered with a redirect instead of processing the request; if in doubt, check with the provider before running it again.',
		);
	});

	it('a secret in the location is masked', () => {
		expect(redirectError(node, read, 302, 'https://host.example/?k=unit-user-key', secrets).message).not.toContain('unit-user-key');
	});
});

describe('documentError', () => {
	it('says what came instead of the document, and for a write that it was not resent', () => {
		const e = documentError(node, ENDPOINTS.generateJitLabel, 'application/pdf', 'text "unit-password"', secrets, 1);
		expect(e.message).toBe('The provider did not answer with a PDF document: it sent text "***"; the request may have taken effect, check before sending it again');
		expect(e.description).toBe(
			'The document was asked for as application/pdf, and nothing else is put out as a file. The label may not be available for this order yet; ' +
				'check the order with the provider, then run again. The request was not resent.',
		);
		expect(e.context.itemIndex).toBe(1);
		const r = documentError(node, read, 'image/png', 'nothing', none);
		expect(r.message).toBe('The provider did not answer with a PNG image: it sent nothing');
		expect(r.description).toBe(
			'The document was asked for as image/png, and nothing else is put out as a file. The label may not be available for this order yet; check the order with the provider, then run again.',
		);
	});
});

describe('mayHaveTakenEffect', () => {
	const api = (httpCode: string | undefined, connectionCode?: string) =>
		new NodeApiError(node, { message: 'x', ...(connectionCode ? { connectionCode } : {}) }, { message: 'x', httpCode });

	it('not when the node stopped before sending', () => {
		expect(mayHaveTakenEffect(new NodeOperationError(node, 'bad field'))).toBe(false);
	});

	it('not when the provider refused it with a 4xx other than 408', () => {
		expect(['400', '401', '403', '404', '413', '429', '499'].map((c) => mayHaveTakenEffect(api(c)))).toEqual(Array(7).fill(false));
		expect(mayHaveTakenEffect(api('408'))).toBe(true);
		expect(mayHaveTakenEffect(api('399'))).toBe(true);
		expect(mayHaveTakenEffect(api('500'))).toBe(true);
	});

	it('not when the connection was never made; yes after a reset, a timeout or anything else', () => {
		for (const code of ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']) {
			expect([code, mayHaveTakenEffect(api(undefined, code))]).toEqual([code, false]);
		}
		expect(mayHaveTakenEffect(api(undefined, 'ECONNRESET'))).toBe(true);
		expect(mayHaveTakenEffect(api(undefined))).toBe(true);
		expect(mayHaveTakenEffect(new Error('x'))).toBe(true);
		expect(mayHaveTakenEffect(undefined)).toBe(true);
	});
});

describe('connectionFailure', () => {
	it('finds the code on the error or down its causes', () => {
		expect(connectionFailure(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toEqual({ code: 'ECONNREFUSED', mayHaveReached: false });
		expect(connectionFailure({ cause: { cause: { code: 'ECONNRESET' } } })).toEqual({ code: 'ECONNRESET', mayHaveReached: true });
		expect(connectionFailure({ reason: { code: 'ENOTFOUND' } })).toEqual({ code: 'ENOTFOUND', mayHaveReached: false });
		expect(connectionFailure({ errorResponse: { code: 'EAI_AGAIN' } })).toEqual({ code: 'EAI_AGAIN', mayHaveReached: false });
	});

	it('takes only a code of the E… form, and prefers the cause to the reason', () => {
		expect(connectionFailure({ code: 'ERR_X1', cause: { code: 'ETIMEDOUT' } }).code).toBe('ETIMEDOUT');
		expect(connectionFailure({ code: 7, cause: { code: 'EPIPE' } }).code).toBe('EPIPE');
		expect(connectionFailure({ code: 'xECONNRESET', cause: { code: 'EPIPE' } }).code).toBe('EPIPE');
		expect(connectionFailure({ code: 'ECONNRESETx1', cause: { code: 'EPIPE' } }).code).toBe('EPIPE');
		expect(connectionFailure({ cause: { code: 'EPIPE' }, reason: { code: 'ENOTFOUND' } }).code).toBe('EPIPE');
		expect(connectionFailure({ reason: { code: 'EPIPE' }, errorResponse: { code: 'ENOTFOUND' } }).code).toBe('EPIPE');
	});

	it('stops on a cycle of causes', () => {
		const a: { cause?: unknown } = {};
		a.cause = { cause: a };
		expect(connectionFailure(a)).toEqual({ code: 'EUNKNOWN', mayHaveReached: true });
	});

	it('without a code, reads the message: a timeout, a reset, or unknown', () => {
		expect(connectionFailure(new Error('Request timed out after 5s')).code).toBe('ETIMEDOUT');
		expect(connectionFailure(new Error('TIMEOUT')).code).toBe('ETIMEDOUT');
		expect(connectionFailure(new Error('socket hang up')).code).toBe('ECONNRESET');
		expect(connectionFailure(new Error('Connection RESET by peer')).code).toBe('ECONNRESET');
		expect(connectionFailure('socket hang up').code).toBe('ECONNRESET');
		expect(connectionFailure(new Error('something else'))).toEqual({ code: 'EUNKNOWN', mayHaveReached: true });
		expect(connectionFailure(null)).toEqual({ code: 'EUNKNOWN', mayHaveReached: true });
	});
});

describe('connectionError', () => {
	it('a read that could not get through: the words, the attempts, the code in the description', () => {
		const e = connectionError(node, read, { code: 'ECONNREFUSED', mayHaveReached: false }, 3, 4);
		expect(e.message).toBe('Could not reach the provider: the connection was refused (3 attempts)');
		expect(e.description).toBe("ECONNREFUSED. Check the Base URL in the credential and this machine's network, then run again.");
		expect(e.errorResponse).toEqual({ message: e.message, connectionCode: 'ECONNREFUSED' });
		expect(e.context.itemIndex).toBe(4);
		expect(connectionError(node, read, { code: 'ETIMEDOUT', mayHaveReached: true }, 1).message).toBe(
			'Could not reach the provider: the request timed out',
		);
	});

	it('has words for each known code, and general ones for the rest', () => {
		const words = (code: string) => connectionError(node, read, { code, mayHaveReached: true }, 1).message.replace('Could not reach the provider: ', '');
		expect(
			['ECONNRESET', 'ETIMEDOUT', 'ECONNABORTED', 'ESOCKETTIMEDOUT', 'EPIPE', 'ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EOTHER'].map(
				words,
			),
		).toEqual([
			'the connection was reset',
			'the request timed out',
			'the request timed out',
			'the request timed out',
			'the connection broke',
			'the connection was refused',
			'the host name was not found',
			'the host name could not be looked up',
			'the host is unreachable',
			'the network is unreachable',
			'the connection failed',
		]);
	});

	it('a write that may have reached the provider: sent, not resent', () => {
		const e = connectionError(node, create, { code: 'ECONNRESET', mayHaveReached: true }, 1);
		expect(e.message).toBe('The request to the provider was sent, then the connection was reset: the request may have taken effect, check before sending it again');
		expect(e.description).toBe(
			'The provider may have processed it (ECONNRESET). It was not resent, so nothing is duplicated: check with the provider (for orders, by order number) before running it again.',
		);
		expect(connectionError(node, create, { code: 'ECONNREFUSED', mayHaveReached: false }, 2).message).toBe(
			'Could not reach the provider: the connection was refused (2 attempts)',
		);
	});
});

describe('malformedResponseError', () => {
	it('a write was not resent; a read was retried', () => {
		const w = malformedResponseError(node, create, 5);
		expect(w.message).toBe('The provider answered with a body that is not valid JSON: the request may have taken effect, check before sending it again');
		expect(w.description).toBe('The request was not resent, because it may have taken effect: check with the provider before running it again.');
		expect(w.context.itemIndex).toBe(5);
		expect(w.errorResponse).toEqual({ message: 'The provider answered with a body that is not valid JSON' });
		expect(malformedResponseError(node, read).description).toBe('The query was retried and the answer was still unreadable; try again later.');
	});
});
