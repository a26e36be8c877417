// Keeps the webhook trigger's secret compare right for right, wrong and other-length secrets, and one fixed-length compare whatever the length (nothing to time).
import { randomUUID } from 'node:crypto';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_AUTH_ID, WEBHOOK_NODE, WEBHOOK_SECRET, webhookWorkflow } from '../harness/webhook';

// the module object the node's `import { timingSafeEqual } from 'crypto'` calls through (a spy on it is seen there)
// eslint-disable-next-line @typescript-eslint/no-require-imports
const nodeCrypto = require('crypto') as typeof import('crypto');

const update = (): IDataObject => ({ event: 'tracking_update', event_id: randomUUID(), msg: { tag: 'Delivered', tracking_number: '1Z42' } });

const deliver = (parameters: INodeParameters, headers: Record<string, string>) =>
	runWebhook(webhookWorkflow(parameters), WEBHOOK_NODE, { body: update(), headers }, { [WEBHOOK_AUTH_ID]: WEBHOOK_SECRET }, {});

const header = (value: string) => ({ 'x-webhook-secret': value });
const basic = (userPassword: string) => ({ authorization: `Basic ${Buffer.from(userPassword).toString('base64')}` });

const { headerSecret, user, password } = WEBHOOK_SECRET;

const CASES: Array<[string, INodeParameters, Record<string, string>, number]> = [
	['Header Auth, the secret', { authentication: 'headerAuth' }, header(headerSecret), 200],
	['Header Auth, a wrong secret of the same length', { authentication: 'headerAuth' }, header(headerSecret.replace(/.$/, 'X')), 401],
	['Header Auth, the secret cut short', { authentication: 'headerAuth' }, header(headerSecret.slice(0, -1)), 401],
	['Header Auth, the secret and more', { authentication: 'headerAuth' }, header(`${headerSecret}0`), 401],
	['Header Auth, a one-character secret', { authentication: 'headerAuth' }, header('s'), 401],
	['Header Auth, no header', { authentication: 'headerAuth' }, {}, 401],
	['Basic Auth, the user and password', { authentication: 'basicAuth' }, basic(`${user}:${password}`), 200],
	['Basic Auth, a wrong password of the same length', { authentication: 'basicAuth' }, basic(`${user}:${password.replace(/.$/, 'X')}`), 401],
	['Basic Auth, a longer password', { authentication: 'basicAuth' }, basic(`${user}:${password}-and-more`), 401],
	['Basic Auth, no header', { authentication: 'basicAuth' }, {}, 401],
];

describe("the webhook trigger's secret compare", () => {
	afterEach(() => jest.restoreAllMocks());

	it.each(CASES.map(([name, parameters, headers, status]) => [name, status, parameters, headers] as const))('%s: answered %i', async (_case, status, parameters, headers) => {
		const result = await deliver(parameters, headers);
		expect(result.status).toBe(status);
		expect(result.items).toHaveLength(status === 200 ? 1 : 0);
	});

	it('compares every delivery once, in constant time, on values of one fixed length whatever the lengths given and kept', async () => {
		const compare = jest.spyOn(nodeCrypto, 'timingSafeEqual');
		const lengths: number[][] = [];
		for (const [, parameters, headers] of CASES) {
			compare.mockClear();
			await deliver(parameters, headers);
			// one compare per delivery, never skipped for a length that differs
			expect(compare).toHaveBeenCalledTimes(1);
			lengths.push(compare.mock.calls[0].map((side) => (side as Uint8Array).byteLength));
		}
		const [first] = lengths;
		expect(first[0]).toBe(first[1]);
		expect(lengths).toEqual(CASES.map(() => first));
	});
});
