// Get Orders On Hold: only a list named exactly Message or Messages (any case) is the provider's words beside the orders; "ErrorMessages" or "MessagesList" are lists the node reads, and refuses when they hold text.
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox();

const run = async (body: Record<string, unknown>) => {
	await fx.control.fault({ kind: 'status', status: 200, path: 'GetOrdersOnHold', body });
	return await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify: false }));
};

describe('Get Orders On Hold: lists whose names only contain "message"', () => {
	it('an ErrorMessages list of text beside an empty list of orders is refused, not "none on hold"', async () => {
		const result = await run({ OrdersOnHold: [], ErrorMessages: ['Invalid user key'] });
		expect(result.error?.message).toMatch(/entry 1 is text/);
	});

	it('a MessagesList of text beside an empty list of orders is refused, not "none on hold"', async () => {
		const result = await run({ OrdersOnHold: [], MessagesList: ['Invalid user key'] });
		expect(result.error?.message).toMatch(/entry 1 is text/);
	});

	it('an ErrorMessages list holding records is read as the orders', async () => {
		const result = await run({ ErrorMessages: [{ OrderNo: 'E1' }] });
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['E1']);
	});

	it('a singular Message list before the orders is the provider\'s words: the orders come out', async () => {
		const result = await run({ Message: ['2 orders on hold'], OrdersOnHold: [{ OrderNo: 'A1' }, { OrderNo: 'A2' }] });
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.OrderNo)).toEqual(['A1', 'A2']);
	});
});
