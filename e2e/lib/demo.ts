// The sandbox for the main job and the e2e: demo data on top of its seeded inventory (packages in flight, a shipped order
// with a return, an order on hold, inventory transactions), its control actions, and a sandbox on the real time.
import { DateTime } from 'luxon';

import { SANDBOX_CREDENTIALS, startSandbox, type Sandbox, type SandboxOptions } from '../../test/sandbox/server';

const HOUR = 3_600_000;

async function post<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: JSON.stringify(body),
	});
	const text = await response.text();
	if (!response.ok) throw new Error(`POST ${url}: HTTP ${response.status} ${text}`);
	return (text ? JSON.parse(text) : null) as T;
}

/**
 * A sandbox whose clock starts at the real time and keeps up with it, for tests of n8n's schedules (polls): the
 * provider's clock is n8n's. Its close also stops the clock.
 */
export async function realTimeSandbox(options: Omit<SandboxOptions, 'startTime'>): Promise<Sandbox> {
	const sandbox = await startSandbox({ ...options, startTime: new Date().toISOString() });
	let last = Date.now();
	const clock = setInterval(() => {
		const now = Date.now();
		sandbox.state.advance(now - last);
		last = now;
	}, 200);
	const close = sandbox.close;
	sandbox.close = async () => {
		clearInterval(clock);
		await close();
	};
	return sandbox;
}

/** A sandbox control action (POST /__control/<name>). */
export const control = <T = unknown>(sandbox: Sandbox, name: string, input: unknown = {}) =>
	post<T>(`${sandbox.controlUrl}/${name}`, input);

/** Creates a sales order through the sandbox's own interface, as a client would; returns its transaction reference. */
async function createOrder(sandbox: Sandbox, orderNo: string, itemNo: string, hold: boolean): Promise<string> {
	const c = SANDBOX_CREDENTIALS;
	return post<string>(
		`${sandbox.baseUrl}/api/SalesOrder/CreateSalesOrder`,
		{
			Authentication: { UserKey: c.userKey, Password: c.password, CustomerNo: c.customerNo },
			OrderInfo: { OrderNo: orderNo, OrderType: 'RETAIL' },
			ItemsInfo: [{ ItemNo: itemNo, ItemQuantity: 2 }],
			RecipientContactInfo: {
				FirstName: 'Marie',
				LastName: 'Curie',
				Address: '7 Cellar Lane',
				City: 'Sonoma',
				State: 'CA',
				ZipCode: '95476',
				EmailAddress: 'marie.curie@example.com',
			},
			...(hold ? { HoldOrder: true } : {}),
		},
		{ authorization: `ServiceAuth ${c.token}` },
	);
}

export interface DemoData {
	/** order numbers of the seeded packages (SO-000001, ...) */
	packageOrders: string[];
	/** a shipped order with a received return */
	returnedOrder: string;
	/** an order on fulfillment hold */
	heldOrder: string;
	/** the sandbox's simulated day the transactions are on, YYYY-MM-DD */
	transactionDay: string;
}

/**
 * A shipped order DEMO-1001 with a return, DEMO-1002 on hold, twenty inventory transactions on the
 * simulated today; then, an hour later, ten packages shipped six hours apart up to the simulated now
 * (the older ones delivered, the newer in transit: the sandbox moves them along their journey).
 */
export async function seedDemo(sandbox: Sandbox): Promise<DemoData> {
	const today = DateTime.fromMillis(sandbox.state.now(), { zone: 'utc' });
	await createOrder(sandbox, 'DEMO-1001', 'WINE-000003', false);
	await control(sandbox, 'ship-order', { OrderNo: 'DEMO-1001' });
	await control(sandbox, 'create-return', { OrderNo: 'DEMO-1001', ReturnReason: 'Damaged in transit' });
	await createOrder(sandbox, 'DEMO-1002', 'WINE-000004', true);
	await control(sandbox, 'seed-transactions', { count: 20, date: today.toFormat('MM/dd/yyyy') });

	await control(sandbox, 'clock', { advanceMs: HOUR });
	const now = DateTime.fromMillis(sandbox.state.now(), { zone: 'utc' });
	const seeded = await control<{ firstOrder: string; created: number }>(sandbox, 'seed-packages', {
		count: 10,
		startAt: now.minus({ hours: 54 }).toISO(),
		spreadMs: 6 * HOUR,
	});
	const first = Number(seeded.firstOrder.slice(3));
	const packageOrders = Array.from({ length: seeded.created }, (_, i) => `SO-${String(first + i).padStart(6, '0')}`);
	return { packageOrders, returnedOrder: 'DEMO-1001', heldOrder: 'DEMO-1002', transactionDay: today.toFormat('yyyy-MM-dd') };
}
