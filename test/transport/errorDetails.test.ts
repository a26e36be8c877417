// What a refusal's message says when the provider names members (ASP.NET's `errors` / `ModelState` maps) in the
// shapes not covered elsewhere: a member's messages as one text, blank and empty ones left out, member paths as the
// provider quotes them (System.Text.Json's "$", Web API 2's action parameter), the bounds of the list; and what a 2xx
// answer saying it failed reads as: its flag with blanks around it, the record named in the advice, its outcome, and a
// query's answer that is never read as a refusal.
import type { NodeApiError } from 'n8n-workflow';

import { failedAnswerError, mayHaveTakenEffect, statusError } from '../../nodes/WineFulfillment/transport/errors';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { useSandbox } from '../harness/sandbox';
import { UNIT_NODE as node } from '../unit/fakeContext';
import { PROBE_NODE, probe } from './helpers';

const none = new Secrets([]);
const create = ENDPOINTS.createSalesOrder;
const TITLE = 'One or more validation errors occurred.';
const REJECTED = 'The provider rejected the request as invalid: ';

/** The message of a 400 whose body is a ProblemDetails with these `errors` (no labels: paths as the provider quotes them). */
const refused = (errors: unknown, title: string | null = TITLE, status = 400) =>
	statusError(node, create, status, { ...(title === null ? {} : { title }), status, errors }, none, 0).message;

describe('a refusal naming members: each member and its messages', () => {
	it('a member whose messages are one text, not a list, is named with it', () => {
		expect(refused({ 'SKUInfo.UPCCode': 'The field UPCCode is too long.' })).toBe(`${REJECTED}${TITLE} SKUInfo.UPCCode: The field UPCCode is too long.`);
	});

	it('empty and blank messages of a member are left out; a member with none is not named', () => {
		expect(refused({ Qty: ['', 'must be positive', {}], Price: [], Note: [''], Tags: [{}] })).toBe(`${REJECTED}${TITLE} Qty: must be positive`);
	});

	it('a messages entry that is an object holding something is shown as JSON, one holding nothing is left out', () => {
		expect(refused({ Qty: [{ Code: 7 }, {}, 'too small'] })).toBe(`${REJECTED}${TITLE} Qty: {"Code":7} too small`);
	});

	it('a list index as the key (any number of digits, blanks around it) names no member', () => {
		// an index-like key comes first, as JavaScript orders an object's keys
		expect(refused({ '12': ['Line twelve is wrong.'], ' 3 ': ['Line three is wrong.'], '': ['The body is required.'] })).toBe(
			`${REJECTED}${TITLE} Line twelve is wrong.; Line three is wrong.; The body is required.`,
		);
	});

	it('the general words get a full stop before the members unless they end in one (or in ! ? : ;)', () => {
		expect(refused({ Qty: ['must be positive'] }, 'The request is invalid')).toBe(`${REJECTED}The request is invalid. Qty: must be positive`);
		expect(refused({ Qty: ['must be positive'] }, 'Invalid: see the errors')).toBe(`${REJECTED}Invalid: see the errors. Qty: must be positive`);
		expect(refused({ Qty: ['must be positive'] }, 'Check these:')).toBe(`${REJECTED}Check these: Qty: must be positive`);
		// without general words the members are the message
		expect(refused({ Qty: ['must be positive'] }, null)).toBe(`${REJECTED}Qty: must be positive`);
	});
});

describe('a refusal naming members: paths as the provider quotes them', () => {
	it('System.Text.Json: "$." and "$" before a list index are dropped; "$" alone (the whole body) names no member', () => {
		expect(refused({ '$.OrderInfo.PONo': ['x1'], '$[1].OrderNo': ['x2'], $: ['x3'] })).toBe(`${REJECTED}${TITLE} OrderInfo.PONo: x1; [1].OrderNo: x2; x3`);
	});

	it('a "$" that does not start the path, or is followed by a name, is part of the member name', () => {
		expect(refused({ Cost$: ['x1'], $Extra: ['x2'] })).toBe(`${REJECTED}${TITLE} Cost$: x1; $Extra: x2`);
	});

	it('Web API 2: the action parameter ("request.", "model.", any camelCase name before a PascalCase member) is dropped', () => {
		expect(refused({ 'request.OrderNo': ['x1'], 'dto.OrderInfo.PONo': ['x2'], 'model.Qty': ['x3'] })).toBe(
			`${REJECTED}${TITLE} OrderNo: x1; OrderInfo.PONo: x2; Qty: x3`,
		);
	});

	it('"request." inside a member name, and a camelCase path (a JSON naming policy), are kept', () => {
		expect(refused({ 'GiftRequest.Note': ['x1'], 'orderInfo.poNo': ['x2'], ' OrderInfo.Tags ': ['x3'] })).toBe(
			`${REJECTED}${TITLE} GiftRequest.Note: x1; orderInfo.poNo: x2; OrderInfo.Tags: x3`,
		);
	});
});

describe('a refusal naming members: where the map is', () => {
	it('an `errors` that is text is the message as said, not a map of members', () => {
		expect(refused('Quantity is required', null)).toBe(`${REJECTED}Quantity is required`);
	});

	it('an `errors` that is null or text is passed over for the ModelState map after it', () => {
		const body = (errors: unknown) => ({ Message: 'The request is invalid.', errors, ModelState: { 'request.Qty': ['must be positive'] } });
		expect(statusError(node, create, 400, body(null), none, 0).message).toBe(`${REJECTED}The request is invalid. Qty: must be positive`);
		expect(statusError(node, create, 400, body('see ModelState'), none, 0).message).toBe(`${REJECTED}The request is invalid. Qty: must be positive`);
	});
});

describe('a refusal naming members: the bounds of the message', () => {
	it('at most 10 members, then how many more', () => {
		const errors = Object.fromEntries(Array.from({ length: 12 }, (_, i) => [`M${i + 1}`, ['bad']]));
		expect(refused(errors)).toBe(`${REJECTED}${TITLE} ${Array.from({ length: 10 }, (_, i) => `M${i + 1}: bad`).join('; ')}; and 2 more.`);
	});

	it('members of exactly 1,000 characters are shown whole', () => {
		const said = 'x'.repeat(1000);
		expect(refused({ '0': [said] })).toBe(`${REJECTED}${TITLE} ${said}`);
	});

	it('a first member longer than 1,000 characters is cut to 1,000 with "…", the others counted', () => {
		const said = 'y'.repeat(1500);
		expect(refused({ '0': [said], Qty: ['bad'] })).toBe(`${REJECTED}${TITLE} ${'y'.repeat(1000)}…; and 1 more.`);
		expect(refused({ '0': [said] })).toBe(`${REJECTED}${TITLE} ${'y'.repeat(1000)}…`);
	});
});

describe('a 2xx answer that says it failed', () => {
	const update = ENDPOINTS.updateSalesOrder;
	const guidance = (e: NodeApiError) => (e.description ?? '').split('\n\n')[0];

	it('names the record the write changes in its advice, or "record" for a write that names none', () => {
		const body = { IsSuccess: false, Messages: ['Order already shipped'] };
		expect(guidance(failedAnswerError(node, update, 200, body, none, undefined, 0))).toBe(
			"The provider answered 200 but said the request failed, so nothing was changed. Correct what its message names (or check the sales order's state with the provider) and run the node again.",
		);
		expect(guidance(failedAnswerError(node, create, 200, body, none, undefined, 0))).toContain("(or check the record's state with the provider)");
	});

	it('refused without a transaction reference; with one, the outcome is unknown and it may have taken effect', () => {
		const body = { IsSuccess: false, Messages: ['Partially accepted'] };
		const plain = failedAnswerError(node, create, 200, body, none, undefined, 0);
		const referenced = failedAnswerError(node, create, 200, { ...body, TransactionReferenceNumber: 'T-1' }, none, 'referenced', 0);
		expect(plain.errorResponse?.outcome).toBe('refused');
		expect(mayHaveTakenEffect(plain)).toBe(false);
		expect(referenced.errorResponse?.outcome).toBe('unknown');
		expect(mayHaveTakenEffect(referenced)).toBe(true);
	});
});

describe('a 2xx answer that says it failed, through the transport', () => {
	const fx = useSandbox({ inventoryRecords: 4 });

	it('a write whose flag is "false" with blanks around it is refused with the provider\'s messages', async () => {
		await fx.control.fault({ kind: 'status', status: 200, path: 'CreateSKU', count: 1, body: { IsSuccess: ' False ', Messages: ['Item exists'] } });
		const result = await fx.run(probe({ endpoint: 'createSku' }, { continueOnFail: true }));
		expect(result.output(PROBE_NODE)[0].json.error).toBe('The provider refused the request: Item exists');
	});

	it('a query answered with a success flag false is its answer, not a refusal', async () => {
		const body = { IsSuccess: false, Messages: ['No records'], Records: [] };
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', count: 1, body });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }, { continueOnFail: true }));
		const [out] = result.output(PROBE_NODE);
		expect(out.json.error).toBeUndefined();
		expect(JSON.stringify(out.json)).toContain('No records');
	});
});
