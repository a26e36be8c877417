// The sandbox provider itself, driven directly with undici: authentication, validation, paging, seeding, faults, control API.
import { request } from 'undici';

import { SandboxControl } from '../harness/sandbox';
import { seedInventory, SANDBOX_WAREHOUSES } from './seed';
import { SANDBOX_CREDENTIALS, startSandbox, type Sandbox } from './server';

let sandbox: Sandbox;
let control: SandboxControl;
const auth = {
	UserKey: SANDBOX_CREDENTIALS.userKey,
	Password: SANDBOX_CREDENTIALS.password,
	CustomerNo: SANDBOX_CREDENTIALS.customerNo,
};

async function post(path: string, body: unknown, headers: Record<string, string> = { authorization: `ServiceAuth ${SANDBOX_CREDENTIALS.token}` }) {
	const res = await request(`${sandbox.baseUrl}${path}`, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: typeof body === 'string' ? body : JSON.stringify(body),
	});
	const text = await res.body.text();
	let json: Record<string, unknown> | undefined;
	try {
		json = JSON.parse(text) as Record<string, unknown>;
	} catch {
		json = undefined;
	}
	return { status: res.statusCode, headers: res.headers, text, json };
}

const getStatus = (extra: Record<string, unknown> = {}) =>
	post('/api/Inventory/GetStatus', { Authentication: auth, IncludeUnavailableItems: true, ...extra });

beforeAll(async () => {
	sandbox = await startSandbox({ inventoryRecords: 6000 });
	control = new SandboxControl(sandbox.controlUrl);
});
beforeEach(() => sandbox.reset({}));
afterAll(async () => await sandbox.close());

describe('sandbox: authentication', () => {
	it('answers 401 without the token header, with a wrong token, or wrong body credentials', async () => {
		expect((await getStatus()).status).toBe(200);
		expect((await post('/api/Inventory/GetStatus', { Authentication: auth }, {})).status).toBe(401);
		expect((await post('/api/Inventory/GetStatus', { Authentication: auth }, { authorization: 'ServiceAuth nope' })).status).toBe(401);
		expect((await post('/api/Inventory/GetStatus', { Authentication: { ...auth, Password: 'x' } })).status).toBe(401);
		expect((await post('/api/Inventory/GetStatus', { ...auth })).status).toBe(401);
	});
});

describe('sandbox: validation', () => {
	it('answers 400 with a message for a body that is not JSON, and for broken rules', async () => {
		const bad = await post('/api/Inventory/GetStatus', '{not json');
		expect(bad.status).toBe(400);
		expect(bad.json?.Message).toContain('JSON');
		const six = await getStatus({ ItemNumbers: ['a', 'b', 'c', 'd', 'e', 'f'] });
		expect(six.status).toBe(400);
		expect(six.json?.Message).toBe('ItemNumbers accepts up to 5 values');
		expect((await getStatus({ Skip: -1 })).json?.Message).toBe('Skip must be at least 0');
		expect((await getStatus({ Warehouse: 'NOPE1' })).status).toBe(400);
	});

	it('answers 404 for a path it does not serve', async () => {
		expect((await post('/api/Nope/Nothing', { Authentication: auth })).status).toBe(404);
	});
});

describe('sandbox: paging as documented', () => {
	it('treats Top outside 0..2500 as 2500 and reports MoreRecords and the total on request', async () => {
		for (const top of [5000, -3]) {
			const r = await getStatus({ Top: top, IncludeTotalRecordCount: true });
			expect(r.json?.Top).toBe(2500);
			expect((r.json?.WarehouseInventoryStatuses as unknown[]).length).toBe(2500);
			expect(r.json?.MoreRecords).toBe(true);
			expect(r.json?.TotalRecordCount).toBe(6000);
		}
		const last = await getStatus({ Skip: 5000, Top: 2500 });
		expect((last.json?.WarehouseInventoryStatuses as unknown[]).length).toBe(1000);
		expect(last.json?.MoreRecords).toBe(false);
		expect(last.json?.TotalRecordCount).toBeUndefined();
	});
});

describe('sandbox: seeded data', () => {
	it('is deterministic and spans the 12 warehouses and several status codes at any size', () => {
		const a = seedInventory({ inventoryRecords: 100_000, seed: 3 });
		const b = seedInventory({ inventoryRecords: 100_000, seed: 3 });
		expect(a).toHaveLength(100_000);
		expect(a).toEqual(b);
		expect(new Set(a.map((r) => r.Warehouse))).toEqual(new Set(SANDBOX_WAREHOUSES));
		expect(new Set(a.map((r) => r.InventoryStatus)).size).toBeGreaterThanOrEqual(6);
		expect(new Set(a.map((r) => `${r.ItemNo}|${r.Warehouse}|${r.InventoryStatus}`)).size).toBe(100_000);
		expect(a.every((r) => r.QuantityAvailable === r.QuantityOnHand - r.QuantityReserved)).toBe(true);
		// record k does not depend on the total
		expect(seedInventory({ inventoryRecords: 10, seed: 3 })).toEqual(a.slice(0, 10));
	});
});

describe('sandbox: faults and control API', () => {
	it('adds latency', async () => {
		await control.call('POST', 'latency', { ms: 150 });
		const started = Date.now();
		await getStatus({ Top: 1 });
		expect(Date.now() - started).toBeGreaterThanOrEqual(140);
	});

	it('answers 429 with Retry-After at a set rate', async () => {
		await control.fault({ kind: 'status', status: 429, retryAfter: '2', every: 2 });
		const statuses: number[] = [];
		for (let i = 0; i < 6; i++) {
			const r = await getStatus({ Top: 1 });
			statuses.push(r.status);
			if (r.status === 429) expect(r.headers['retry-after']).toBe('2');
		}
		expect(statuses).toEqual([200, 429, 200, 429, 200, 429]);
	});

	it('enforces a rate limit with Retry-After', async () => {
		await control.rateLimit(5);
		const statuses = await Promise.all(Array.from({ length: 12 }, () => getStatus({ Top: 1 }).then((r) => r.status)));
		expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(5);
		expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
		const limited = (await control.requests()).filter((r) => r.outcome === 'rate-limited');
		expect(limited.length).toBe(statuses.filter((s) => s === 429).length);
	});

	it('injects a 500 before or after processing, a reset, and malformed JSON', async () => {
		await control.fault({ kind: 'status', status: 500, count: 1 });
		expect((await getStatus()).status).toBe(500);
		expect((await getStatus({ Top: 1 })).status).toBe(200);

		await control.fault({ kind: 'reset', count: 1 });
		await expect(getStatus()).rejects.toThrow();

		await control.fault({ kind: 'malformed', count: 1 });
		const malformed = await getStatus();
		expect(malformed.status).toBe(200);
		expect(malformed.json).toBeUndefined();

		await control.fault({ kind: 'status', status: 500, when: 'after', count: 1 });
		expect((await getStatus({ Top: 1 })).status).toBe(500);
		const log = await control.requests();
		expect(log.map((r) => r.outcome)).toEqual(['fault-before', 'processed', 'fault-before', 'fault-before', 'fault-after']);
	});

	it('advances simulated time', async () => {
		const before = await control.call<{ now: string }>('GET', 'clock');
		const after = await control.call<{ now: string }>('POST', 'clock', { advanceMs: 3_600_000 });
		expect(Date.parse(after.now) - Date.parse(before.now)).toBe(3_600_000);
	});

	it('reseeds on reset', async () => {
		await control.reset({ inventoryRecords: 30, seed: 9 });
		const r = await getStatus({ IncludeTotalRecordCount: true });
		expect(r.json?.TotalRecordCount).toBe(30);
	});
});
