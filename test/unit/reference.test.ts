// A create's transaction reference and the credential's Base URL rule, called directly.
import { NodeApiError } from 'n8n-workflow';

import { BASE_URL_RULE, checkBaseUrl, isLoopbackHost } from '../../nodes/WineFulfillment/transport/baseUrl';
import { requireReference, transactionReferenceOf } from '../../nodes/WineFulfillment/transport/reference';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE } from './fakeContext';

const GUID = '0b7c1e0e-4c1a-4a53-9f0e-6a3f1b2c3d4e';

describe('transactionReferenceOf', () => {
	it('is the JSON string answer, trimmed', () => {
		expect(transactionReferenceOf(GUID)).toBe(GUID);
		expect(transactionReferenceOf(`  ${GUID}\n`)).toBe(GUID);
		expect(transactionReferenceOf('Ä1')).toBe('Ä1');
		// a text answer that JSON would read as a number or a boolean is the provider's text, not decoded
		expect(transactionReferenceOf('100234')).toBe('100234');
		expect(transactionReferenceOf(' 7e3 ')).toBe('7e3');
	});

	it('or the TransactionReferenceNumber member of an object answer', () => {
		expect(transactionReferenceOf({ TransactionReferenceNumber: GUID, Other: 1 })).toBe(GUID);
		expect(transactionReferenceOf({ TransactionReferenceNumber: 12 })).toBeUndefined();
		// the whole answer a number (the text 100234 reads as JSON): its digits, when exact and no 0 or fraction
		expect(transactionReferenceOf(100234)).toBe('100234');
		expect([2 ** 53, 0, -5, 1.5, NaN].map(transactionReferenceOf)).toEqual([undefined, undefined, undefined, undefined, undefined]);
		expect(transactionReferenceOf({ Reference: GUID })).toBeUndefined();
		// a provider answering in camelCase; two other spellings of it say nothing certain
		expect(transactionReferenceOf({ transactionReferenceNumber: GUID })).toBe(GUID);
		expect(transactionReferenceOf({ TransactionReferenceNumber: GUID, transactionReferenceNumber: 'other-1' })).toBe(GUID);
		expect(transactionReferenceOf({ transactionReferenceNumber: GUID, TRANSACTIONREFERENCENUMBER: 'other-1' })).toBeUndefined();
		// encoded twice: read once more; quotes or braces left are no reference
		expect(transactionReferenceOf(JSON.stringify(GUID))).toBe(GUID);
		expect(transactionReferenceOf(JSON.stringify({ TransactionReferenceNumber: GUID }))).toBe(GUID);
		expect(transactionReferenceOf(JSON.stringify(JSON.stringify(GUID)))).toBeUndefined();
		expect(transactionReferenceOf(`{${GUID}}`)).toBeUndefined();
		expect(transactionReferenceOf(`"${GUID}`)).toBeUndefined();
		// bug hunts 43, 44: the result wrapped in a list of one (a gateway wrapping every answer) is that result
		expect(transactionReferenceOf([GUID])).toBe(GUID);
		expect(transactionReferenceOf([{ transactionReferenceNumber: GUID }])).toBe(GUID);
		expect(transactionReferenceOf([100234])).toBe('100234');
		expect([[], [null], ['Error'], [{ Reference: GUID }]].map(transactionReferenceOf)).toEqual(Array(4).fill(undefined));
	});

	it('is nothing for what is not one word of printable characters, up to 100, nor "null" or "undefined"', () => {
		for (const body of [undefined, null, '', '   ', 'two words', 'tab\there', 'x'.repeat(101), 'null', 'NULL', 'Undefined', [GUID, GUID], [[GUID]], 4.2, true, '\u0000', 'a\u00a0b']) {
			expect([body, transactionReferenceOf(body)]).toEqual([body, undefined]);
		}
		expect(transactionReferenceOf(`${'x'.repeat(99)}1`)).toBe(`${'x'.repeat(99)}1`);
		expect(transactionReferenceOf('nullish7')).toBe('nullish7');
		// a word saying the request failed is no reference: the create's outcome is unknown (checked, never resent)
		expect(['Error', 'FAILED', ' invalid ', 'Unauthorized', 'unauthorised', 'None', 'nil'].map(transactionReferenceOf)).toEqual(Array(7).fill(undefined));
		expect(transactionReferenceOf('Errors-1')).toBe('Errors-1');
		expect(transactionReferenceOf('a-null-2')).toBe('a-null-2');
		expect(transactionReferenceOf('!1~')).toBe('!1~');
		// bug hunt 33: a word without a digit names no record ("NotCreated", "BadRequest": a .NET failure's name), nor do
		// zeros alone (the empty GUID a .NET create answers when it made nothing)
		for (const body of ['NotCreated', 'BadRequest', 'Exception', 'x'.repeat(100), '00000000-0000-0000-0000-000000000000', '0', '0-0']) {
			expect([body, transactionReferenceOf(body)]).toEqual([body, undefined]);
		}
		expect(transactionReferenceOf('00000000-0000-0000-0000-00000000000a')).toBe('00000000-0000-0000-0000-00000000000a');
		expect(transactionReferenceOf('REF-0001')).toBe('REF-0001');
	});
});

describe('requireReference', () => {
	const ctx = { getNode: () => UNIT_NODE };
	const refusal = (endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], body: unknown, statusCode = 201, itemIndex?: number) => {
		try {
			requireReference(ctx, endpoint, { statusCode, headers: {}, body }, itemIndex);
		} catch (error) {
			return error as NodeApiError;
		}
		throw new Error('no error');
	};

	it('returns the reference', () => {
		expect(requireReference(ctx, ENDPOINTS.createSalesOrder, { statusCode: 201, headers: {}, body: GUID })).toBe(GUID);
	});

	it('without one: the outcome is unknown, the create was not resent, and what the answer was', () => {
		const e = refusal(ENDPOINTS.createSalesOrder, '', 201, 2);
		expect(e).toBeInstanceOf(NodeApiError);
		expect(e.message).toBe('The provider answered 201 without a transaction reference, so the outcome of this sales order create is unknown');
		expect(e.description).toBe(
			'The sales order may have been created. Check with the provider (by your own reference, e.g. the order number) before sending it again: ' +
				'sending it again could create a duplicate. The request was not resent. The answer was an empty answer.',
		);
		expect(e.httpCode).toBe('201');
		expect(e.context.itemIndex).toBe(2);
		expect(e.errorResponse).toMatchObject({ outcome: 'unknown' });
	});

	it('names the thing created from the path: an all-capitals name as it is, else in words', () => {
		expect(refusal(ENDPOINTS.createSku, null, 200).message).toBe(
			'The provider answered 200 without a transaction reference, so the outcome of this SKU create is unknown',
		);
		expect(refusal(ENDPOINTS.createPurchaseOrder, null).message).toContain('this purchase order create');
		expect(refusal(ENDPOINTS.createTransferOrder, null).message).toContain('this transfer order create');
		expect(refusal({ ...ENDPOINTS.createSku, path: '/api/Thing/Make' }, null).message).toContain('this record create');
		expect(refusal({ ...ENDPOINTS.createSku, path: '/api/CreateThing/Other' }, null).message).toContain('this record create');
	});

	it('describes the answer: empty, a string, an array, an object and what the provider said', () => {
		const answer = (body: unknown) => /The answer was (.*)\.$/s.exec(refusal(ENDPOINTS.createSalesOrder, body).description ?? '')?.[1];
		expect(answer(undefined)).toBe('an empty answer');
		expect(answer(null)).toBe('an empty answer');
		expect(answer('two words')).toBe('"two words"');
		expect(answer(`${'s'.repeat(130)} x`)).toBe(`"${'s'.repeat(120)}"`);
		expect(answer([1, 2])).toBe('a JSON array of 2 element(s)');
		expect(answer({})).toBe('a JSON object with no members');
		expect(answer({ Status: 'OK', Id: 3 })).toBe('a JSON object with members Status, Id');
		expect(answer({ Message: 'Order accepted' })).toBe('a JSON object with members Message (the provider said: Order accepted)');
		expect(answer({ Message: 'm'.repeat(400) })).toBe(`a JSON object with members Message (the provider said: ${'m'.repeat(300)})`);
		const many = Object.fromEntries(Array.from({ length: 14 }, (_, i) => [`M${i}`, i]));
		expect(answer(many)).toBe(`a JSON object with members ${Array.from({ length: 12 }, (_, i) => `M${i}`).join(', ')}`);
		expect(answer(4.2)).toBe('4.2');
		// an object without a message is listed by its members, not repeated as JSON, however long
		expect(answer({ Notes: 'n'.repeat(2100) })).toBe('a JSON object with members Notes');
	});
});

describe('checkBaseUrl', () => {
	const refused = (raw: unknown) => {
		const check = checkBaseUrl(raw);
		return check.ok ? undefined : check.message;
	};
	const rule = `It must be ${BASE_URL_RULE} (set it in the Wine Fulfillment API credential)`;

	it('accepts https ending in /v3, trimmed and without trailing slashes', () => {
		expect(checkBaseUrl(' https://api.example.com/v3// ')).toEqual({ ok: true, url: 'https://api.example.com/v3' });
		expect(checkBaseUrl('https://api.example.com/prefix/v3')).toEqual({ ok: true, url: 'https://api.example.com/prefix/v3' });
	});

	it('accepts plain http to a loopback host only', () => {
		expect(checkBaseUrl('http://127.0.0.1:8080/v3')).toEqual({ ok: true, url: 'http://127.0.0.1:8080/v3' });
		expect(checkBaseUrl('http://localhost/v3').ok).toBe(true);
		expect(checkBaseUrl('http://[::1]:3000/v3').ok).toBe(true);
		expect(refused('http://api.example.com/v3')).toBe(`Base URL must use https; got http://api.example.com. ${rule}`);
		expect(refused('ftp://127.0.0.1/v3')).toBe(`Base URL must use https; got ftp://127.0.0.1. ${rule}`);
	});

	it('refuses what is not a full address', () => {
		for (const raw of ['', 'api.example.com/v3', undefined, 42]) {
			expect(refused(raw)).toBe(`Base URL is not a full address. ${rule}`);
		}
	});

	it('refuses a user name or password, without repeating them', () => {
		const why = "Base URL must not contain a user name or password (user:password@); enter them in the credential's own fields";
		expect(refused('https://me:secret@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(refused('https://me@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(refused('https://:secret@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(refused('https://@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(checkBaseUrl('https://api.example.com/v3/a@b').ok).toBe(false);
		expect(refused('https://api.example.com/@/v3')).toBeUndefined();
		// an empty user and password, and user info behind backslashes (which an address parser reads as slashes)
		expect(refused('https://:@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(refused('https:\\\\me@api.example.com/v3')).toBe(`${why}. ${rule}`);
		expect(refused('https:\\\\me:pw@api.example.com/v3')).toBe(`${why}. ${rule}`);
		// "scheme://…@" further on in the path is not user info
		expect(refused('https://api.example.com/x://y@z/v3')).toBeUndefined();
	});

	it('refuses a query or a fragment, even an empty one', () => {
		expect(refused('https://api.example.com/v3?x=1')).toBe(`Base URL must not have a query (?…). ${rule}`);
		expect(refused('https://api.example.com/v3?')).toBe(`Base URL must not have a query (?…). ${rule}`);
		expect(refused('https://api.example.com/v3#top')).toBe(`Base URL must not have a fragment (#…). ${rule}`);
		expect(refused('https://api.example.com/v3#')).toBe(`Base URL must not have a fragment (#…). ${rule}`);
	});

	it('refuses a path that does not end in /v3', () => {
		expect(refused('https://api.example.com/v2')).toBe(
			`Base URL must end in /v3, the interface's path prefix; got the path "/v2" on https://api.example.com. ${rule}`,
		);
		expect(refused('https://api.example.com/v3/api')).toContain('got the path "/v3/api"');
		expect(refused('https://api.example.com/xv3')).toContain('must end in /v3');
		expect(refused('https://api.example.com')).toContain('got the path "/"');
	});

	it('the rule in words', () => {
		expect(BASE_URL_RULE).toBe(
			'the environment address ending in /v3, e.g. https://<environment host>/v3: https (plain http only for a loopback host such as 127.0.0.1), with no query (?…), fragment (#…) or user:password@ in it',
		);
	});
});

describe('isLoopbackHost', () => {
	it('localhost, ::1 (bracketed or not, any case) and 127.x.x.x', () => {
		for (const host of ['localhost', 'LOCALHOST', '::1', '[::1]', '127.0.0.1', '127.255.1.20']) expect([host, isLoopbackHost(host)]).toEqual([host, true]);
	});

	it('takes brackets away only around the whole host', () => {
		expect(isLoopbackHost('local[host')).toBe(false);
		expect(isLoopbackHost('local]host')).toBe(false);
	});

	it('nothing else', () => {
		for (const host of ['example.com', '128.0.0.1', '127.0.0', '127.0.0.1.evil.com', 'x127.0.0.1', '127.0.0.1234', 'localhost.evil.com', '::2', '[::1']) {
			expect([host, isLoopbackHost(host)]).toEqual([host, host === '[::1']);
		}
	});
});
