// Bug hunt 35 (fixed): Order Put On Hold: an order's type edited while it stays on hold, and another order of its number and hold reason put
// on hold, both between the same two polls, with the provider listing the newest order first.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { SKU_A, SKU_B, createOrders, line } from '../salesOrder/helpers';
import { salesOrders } from '../sandbox/stores';

const fx = useSandbox({ inventoryRecords: 200 });

const poll = async (staticData: IDataObject) =>
	await runPoll(triggerWorkflow({ event: 'orderOnHold' } as INodeParameters), TRIGGER_NODE, fx.credential(), staticData);
const emitted = (items: { json: IDataObject }[]) => items.map((i) => [i.json.orderNumber, i.json.orderType]);

describe('trigger: Order Put On Hold, an order edited while on hold beside a new order of its number', () => {
	// What the user sees: the order WEB-7001 (RETAIL) has been on hold for a while and was already emitted. Its type is
	// edited to CLUB while it stays on hold, and a new order under the same number (WHOLESALE, entered in the portal)
	// goes on hold; the provider lists the newest order first. README: "An order whose type or date is edited while it
	// stays on hold is not emitted again" and "one item per order that went on hold".
	// Expected: the next poll emits the new WHOLESALE order, once, and not the edited CLUB order.
	// Before the fix: the new WHOLESALE order consumes the edited order's stored key (same number and hold reason) and is never
	// emitted; the edited CLUB order is emitted as if it had just gone on hold.
	it('emits the new order, not the edited one, whatever order the provider lists them in', async () => {
		await createOrders(fx, [{ OrderNo: 'WEB-7001', items: [line(SKU_A, 1)], hold: true }]);
		const seed = await poll({});
		expect(seed.items).toEqual([]);

		const orders = salesOrders(fx.sandbox.state);
		const [first] = orders;
		// the order on hold has its type edited while it stays on hold
		first.OrderType = 'CLUB';
		// another order under the same number goes on hold; the provider lists it first (newest first)
		const other = JSON.parse(JSON.stringify(first)) as typeof first;
		Object.assign(other, {
			TransactionReferenceNumber: '6f1c9a4e-2b7d-4c1e-9a55-000000000777',
			OrderType: 'WHOLESALE',
			createdAt: fx.sandbox.state.now() + 60_000,
		});
		other.items = [{ ItemNo: SKU_B, ItemQuantity: 6 }] as typeof first.items;
		orders.unshift(other);

		const next = await poll(seed.staticData);
		expect(emitted(next.items)).toEqual([['WEB-7001', 'WHOLESALE']]);
	});
});
