// No form of UserKey, Password or the token leaves the node: hostile secrets over every error path and mode, logs included.
import { Logger } from '@n8n/backend-common';
import { LoggerProxy, type IDataObject } from 'n8n-workflow';

import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { runWorkflow, type RunResult } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';
import type { FaultRuleInput } from '../sandbox/faults';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_NODE, expectNoSecrets, probe, secretForms } from './helpers';

const fx = useSandbox({ inventoryRecords: 5 });

interface Hostile {
	name: string;
	userKey: string;
	password: string;
	/** sent in a header: visible ASCII only */
	token: string;
	/** fragments that must not show either (a longer secret's rest after a shorter one inside it) */
	fragments?: string[];
}

const HOSTILE: Hostile[] = [
	{ name: 'quote and backslash', userKey: 'uk"quo\\ted/key', password: 'pa"ss\\word', token: 'tok"en\\val/1' },
	{ name: 'ampersand, plus and spaces', userKey: 'user &key+1=2', password: 'p&ss w0rd', token: 't&k n+1/=x' },
	{ name: 'non-ASCII', userKey: 'ключ-用户-🔑', password: 'pässwörd€', token: 'tok-ascii-9f<>' },
	{ name: 'long', userKey: `K${'ey"&é'.repeat(40)}`, password: `${'L0ng!\\ '.repeat(50)}end`, token: `T${'0aZ&+/='.repeat(40)}` },
	{
		name: 'one inside another',
		userKey: 'abc123-Zq7x',
		password: 'abc123',
		token: 'tok.*+?^${}()|[]-9',
		fragments: ['-Zq7x'],
	},
];

const fast = { baseDelayMs: 1, maxDelayMs: 5, maxRetries: 1 };

interface ErrorPath {
	name: string;
	endpoint: string;
	fault: FaultRuleInput;
	/** the masked secret in the stopped run shows that the echo reached the node (the test is not vacuous) */
	masked: boolean;
}

const ERROR_PATHS: ErrorPath[] = [
	{ name: '400 echoing the body as JSON', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'json' }, masked: true },
	{ name: '400 echoing it URL-encoded (+)', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'form' }, masked: true },
	{ name: '400 echoing it URL-encoded (%20)', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'uri' }, masked: true },
	{ name: '400 echoing base64 of the header', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'header' }, masked: true },
	{ name: '400 echoing the values raw', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'raw' }, masked: true },
	{ name: '400 echoing the request object', endpoint: 'getStatus', fault: { kind: 'status', status: 400, echo: 'object' }, masked: false },
	{ name: '401 echoing the body', endpoint: 'getStatus', fault: { kind: 'status', status: 401, echo: 'json' }, masked: true },
	{ name: '500 on a write', endpoint: 'createSalesOrder', fault: { kind: 'status', status: 500, echo: 'json' }, masked: true },
	{ name: '500 on a read (retried)', endpoint: 'getStatus', fault: { kind: 'status', status: 500, echo: 'uri' }, masked: true },
	{ name: '500 text page on a write', endpoint: 'updateSalesOrder', fault: { kind: 'status', status: 500, echo: 'raw', as: 'text' }, masked: true },
	{ name: '429 exhausted', endpoint: 'getStatus', fault: { kind: 'status', status: 429, retryAfter: '0', echo: 'form' }, masked: true },
	{ name: 'connection reset', endpoint: 'cancelSalesOrder', fault: { kind: 'reset' }, masked: false },
	{ name: 'malformed JSON on a 400', endpoint: 'getStatus', fault: { kind: 'malformed', status: 400, echo: 'json' }, masked: true },
	{ name: 'malformed JSON on a 200 write', endpoint: 'updateSalesOrder', fault: { kind: 'malformed', echo: 'json' }, masked: false },
	{
		name: 'redirect whose Location carries the password',
		endpoint: 'createSalesOrder',
		fault: { kind: 'status', status: 307, headers: {} },
		masked: true,
	},
];

type Mode = 'stop' | 'continueOnFail' | 'errorOutput';
const MODES: Mode[] = ['stop', 'continueOnFail', 'errorOutput'];

/** Every line n8n and the transport log during a test (message and metadata). */
const logged: unknown[] = [];
beforeAll(() => {
	// every logger n8n makes (the transport's `this.logger` included) writes through this one method
	const logger = Logger.prototype as unknown as { log: (level: string, message: string, metadata?: unknown) => void };
	jest.spyOn(logger, 'log').mockImplementation((level, message, metadata) => {
		logged.push({ level, message, metadata });
	});
	const capture = (level: string) => (message: string, metadata?: unknown) => logged.push({ level, message, metadata });
	LoggerProxy.init({ debug: capture('debug'), info: capture('info'), warn: capture('warn'), error: capture('error') });
});
beforeEach(() => {
	logged.length = 0;
});
afterAll(() => jest.restoreAllMocks());

/** The sandbox accepts these secrets, the node's credential holds them. */
async function useSecrets(h: Hostile) {
	await fx.control.call('POST', 'credentials', { userKey: h.userKey, password: h.password, token: h.token });
	const credential = fx.credential({ userKey: h.userKey, password: h.password, accessToken: h.token });
	return (json: Parameters<typeof runWorkflow>[0]) => runWorkflow(json, credential);
}

function expectClean(h: Hostile, value: unknown) {
	expectNoSecrets(value, [h.userKey, h.password, h.token]);
	const text = JSON.stringify(value);
	for (const fragment of h.fragments ?? []) expect(text).not.toContain(fragment);
}

function modeOptions(mode: Mode): ActionWorkflowOptions {
	return mode === 'stop' ? {} : mode === 'continueOnFail' ? { continueOnFail: true } : { errorOutput: true };
}

/** What the user sees of the failure in each mode: the workflow's error, or the error item. */
function failureOf(mode: Mode, result: RunResult): unknown {
	if (mode === 'stop') return result.error;
	const items = result.output(PROBE_NODE, mode === 'errorOutput' ? 1 : 0);
	return items.find((i) => i.json.error)?.json;
}

describe('secrets: the checker itself', () => {
	const secret = 'pä"ss\\w &rd+/é🔑';

	it.each(Object.entries(secretForms(secret)))('catches the form "%s"', (_form, text) => {
		expect(() => expectNoSecrets({ deep: [{ message: `before ${text} after` }] }, [secret])).toThrow('A secret leaked');
	});

	it('looks into error messages, stacks, causes and keys', () => {
		const inStack = new Error('clean');
		inStack.stack = `Error: clean\n    at ${secret}`;
		const inCause = new Error('clean', { cause: { said: secret } });
		for (const value of [inStack, inCause, { [secret]: 1 }]) {
			expect(() => expectNoSecrets(value, [secret])).toThrow('A secret leaked');
		}
	});

	it('passes a value with no form of the secret, and a masked one', () => {
		expect(() => expectNoSecrets({ message: 'Password *** was refused', n: 1 }, [secret])).not.toThrow();
	});
});

describe('secrets: the transport masks every form the checker knows', () => {
	it.each(HOSTILE)('$name', (h) => {
		const all = [h.userKey, h.password, h.token];
		const secrets = new Secrets(all, h.token);
		for (const secret of all) {
			for (const [form, text] of Object.entries(secretForms(secret))) {
				// a cut-off start or end is not an encoding: it cannot arise, since text is masked before it is cut
				if (form.includes('of a long secret')) continue;
				const masked = secrets.text(`{"Message":"before ${text} after"}`);
				expect(masked).toContain('***');
				expectNoSecrets(masked, all);
			}
		}
	});
});

describe.each(HOSTILE)('secrets: $name', (h) => {
	it.each(ERROR_PATHS)('$name, in every error mode', async ({ endpoint, fault, masked }) => {
		const run = await useSecrets(h);
		const rule: FaultRuleInput =
			fault.status === 307
				? {
						...fault,
						// a header carries only visible ASCII: the user key as it is where it can be, else encoded
						headers: {
							location: `https://elsewhere.example/v3?p=${encodeURIComponent(h.password)}&k=${/^[\x20-\x7e]*$/.test(h.userKey) ? h.userKey : encodeURIComponent(h.userKey)}`,
						},
					}
				: fault;
		await fx.control.fault({ ...rule, path: '/api/' });
		for (const mode of MODES) {
			const result = await run(probe({ endpoint, body: { Top: 1 }, retry: fast }, modeOptions(mode)));
			const failure = failureOf(mode, result);
			expect(failure).toBeDefined();
			if (masked && mode === 'stop') expect(JSON.stringify(result.run)).toContain('***');
			expectClean(h, result.run);
			expectClean(h, failure);
		}
		expect(logged.length).toBeGreaterThan(0);
		expectClean(h, logged);
	});

	it('a 200 that echoes the request: no credential member and no secret reaches the output', async () => {
		const run = await useSecrets(h);
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', echo: 'object', set: { Note: `your password is ${h.password}` } });
		const result = await run(probe({ endpoint: 'getStatus', body: { Top: 1 } }));
		expect(result.error).toBeUndefined();
		const body = result.output(PROBE_NODE)[0].json.body as IDataObject;
		expect(body).not.toHaveProperty('Authentication');
		expect(body.Note).toBe('your password is ***');
		// the rest of the answer comes through
		expect(body.Top).toBe(1);
		expect(body.WarehouseInventoryStatuses).toHaveLength(1);
		expectClean(h, result.run);
	});
});

describe('secrets: what the operations put out', () => {
	const h = HOSTILE[0];

	it('Cancel does not copy an echoed Authentication object into its item', async () => {
		const run = await useSecrets(h);
		const create = await run(
			actionWorkflow({ resource: 'salesOrder', operation: 'create', orderNo: 'SEC-1', orderType: 'RETAIL', itemsInput: 'json', itemsJson: '={{ [{ ItemNo: "WINE-000000", ItemQuantity: 1 }] }}' }),
		);
		expect(create.error).toBeUndefined();
		await fx.control.fault({ kind: 'rewrite', path: 'CancelSalesOrder', echo: 'object' });
		const result = await run(actionWorkflow({ resource: 'salesOrder', operation: 'cancel', locateBy: 'orderNo', orderNo: 'SEC-1' }));
		expect(result.error).toBeUndefined();
		const [out] = result.output(ACTION_NODE);
		expect(out.json).toMatchObject({ Cancelled: true, OrderNo: 'SEC-1' });
		for (const member of ['Authentication', 'AuthenticationDetails', 'UserKey', 'Password']) expect(out.json).not.toHaveProperty(member);
		expectClean(h, result.run);
	});

	it('Get Status with raw pages does not show flat or nested credential members', async () => {
		const run = await useSecrets(h);
		await fx.control.fault({
			kind: 'rewrite',
			path: 'GetStatus',
			echo: 'object',
			set: { UserKey: h.userKey, Password: h.password, Echo: { AuthenticationDetails: { UserKey: h.userKey, CustomerNo: 'C10042' } } },
		});
		const result = await run(
			actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true, queryOptions: { output: 'pages' } }),
		);
		expect(result.error).toBeUndefined();
		const [page] = result.output(ACTION_NODE);
		expect((page.json.WarehouseInventoryStatuses as IDataObject[]).length).toBeGreaterThan(0);
		for (const member of ['Authentication', 'UserKey', 'Password']) expect(page.json).not.toHaveProperty(member);
		expect(page.json.Echo).toEqual({});
		expectClean(h, result.run);
	});

	it('the default sandbox secrets are masked too (the checker fails on the unmasked echo)', async () => {
		await fx.control.fault({ kind: 'status', status: 400, echo: 'json', path: 'GetStatus' });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }));
		expect(result.error?.message).toContain('"Password":"***"');
		expectNoSecrets(result.run);
		expect(() => expectNoSecrets({ said: `"Password":"${SANDBOX_CREDENTIALS.password}"` })).toThrow('A secret leaked');
	});
});

describe('secrets: a credential echoed in another letter case', () => {
	const { userKey, password } = SANDBOX_CREDENTIALS;
	it.each([true, false])('a 400 quoting the user key and password upper-cased shows neither (Continue On Fail %p)', async (continueOnFail) => {
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', body: { Message: `INVALID LOGIN ${userKey.toUpperCase()} / ${password.toUpperCase()}` } });
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getStatus', limit: 2 }, { continueOnFail }));
		const shown = { out: result.output(ACTION_NODE).map((i) => i.json), error: result.error };
		expect(JSON.stringify(shown)).toContain('INVALID LOGIN *** / ***');
		expectNoSecrets(shown);
	});

	it('a long secret (past the pattern) echoed upper-cased or lower-cased is masked too', () => {
		const long = `Tok-${'aB9'.repeat(200)}-Zz`;
		const secrets = new Secrets([long], long);
		expect(secrets.text(`a ${long.toUpperCase()} b ${long.toLowerCase()} c`)).toBe('a *** b *** c');
	});

	it('a letter beyond ASCII in either case: ключ-Straße echoed as КЛЮЧ-STRASSE', () => {
		const secrets = new Secrets(['ключ-Straße-42']);
		expect(secrets.text('{"Message":"bad КЛЮЧ-STRASSE-42"}')).toBe('{"Message":"bad ***"}');
		expect(secrets.text('{"Message":"bad ключ-straße-42"}')).toBe('{"Message":"bad ***"}');
		// an upper-case secret echoed lower-cased, İ becoming i̇ (two characters)
		expect(new Secrets(['КЛЮЧ-İZMİR-42']).text('bad ключ-i̇zmi̇r-42')).toBe('bad ***');
	});

	it('letters in any mix of cases: SBX-userkey echoed for sbx-UserKey', () => {
		const secrets = new Secrets(['sbx-UserKey-7f3a9c']);
		expect(secrets.text('bad SBX-userkey-7F3A9C and Sbx-uSERkEY-7f3A9c')).toBe('bad *** and ***');
	});
});
