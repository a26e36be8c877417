// Settings read once for the whole node run (Concurrency; Batch Create's Batch Size, Batch ID and Batch Description,
// and its Send Each Sales Order Once): refused with Continue On Fail, every item is an error item (n8n passed the
// unsent input rows on the success output when the node threw); nothing is sent.

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { batchFromItems, createFromItems, line, SKU_A } from '../salesOrder/helpers';

const fx = useSandbox();
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

// rows as a sheet or store webhook brings them; `workers` and `batch` are columns the expressions read
const input = [
	{ OrderNo: 'RS-1', items: [line(SKU_A, 1)], workers: 'five', batch: { id: 7 } },
	{ OrderNo: 'RS-2', items: [line(SKU_A, 1)], workers: 5, batch: 'B-2' },
];

const batchCreate = batchFromItems;

describe('a run-wide setting refused with Continue On Fail: every item an error item, nothing sent', () => {
	it.each([
		['Create, Concurrency from an expression', createFromItems({ options: { concurrency: '={{ $json.workers }}' } }, 2)],
		['Batch Create, Batch ID from an expression', batchCreate({ batchId: '={{ $json.batch }}' })],
		['Batch Create, Batch Size from an expression', batchCreate({ batchSize: '={{ $json.workers }}' })],
	])('%s (Continue (using error output)): every order on the error output, paired; none on the success output', async (_label, parameters) => {
		const result = await fx.run(actionWorkflow(parameters, { items: input, errorOutput: true, typeVersion: 2 }));
		expect(await fx.control.requests()).toHaveLength(0);
		// nothing was sent: no order may leave on the success output (n8n passed the input rows on there)
		expect(result.output(ACTION_NODE, 0)).toEqual([]);
		const failed = result.output(ACTION_NODE, 1);
		expect(failed.map((i) => i.pairedItem)).toEqual([{ item: 0 }, { item: 1 }]);
		expect(failed.every((i) => typeof i.json.error === 'string')).toBe(true);
	});

	it('Create, Concurrency refused, Continue (regular output): each item is an error item, not the input passed on', async () => {
		const result = await fx.run(
			actionWorkflow(createFromItems({ options: { concurrency: '={{ $json.workers }}' } }, 2), { items: input, continueOnFail: true, typeVersion: 2 }),
		);
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(2);
		// (was the input row passed on, with no error member)
		expect(out.map((i) => Object.keys(i.json).sort())).toEqual([expect.arrayContaining(['error']), expect.arrayContaining(['error'])]);
	});
});

describe('Batch Create: Send Each Sales Order Once is the same for every order', () => {
	it('an order whose Send Once differs from the first one\'s is refused, naming both items: nothing is sent', async () => {
		const rows = [
			{ OrderNo: 'BO-TEST', items: [line(SKU_A, 1)], once: false },
			{ OrderNo: 'BO-REAL', items: [line(SKU_A, 1)], once: true },
		];
		const parameters = { ...batchCreate({}), sendOnce: '={{ $json.once }}' };
		const result = await fx.run(actionWorkflow(parameters, { items: rows, typeVersion: 2 }));
		expect(result.error?.message).toBe(
			'Invalid "Send Each Sales Order Once": must be the same for every order of a Batch Create, with its Scope and History Size (item 2 differs from item 1): the orders go through one record; use Create for orders that differ',
		);
		expect(await fx.control.requests()).toHaveLength(0);
		// on for both, with another History Size: refused as well
		const histories = await fx.run(
			actionWorkflow(
				{ ...batchCreate({}), sendOnce: true, sendOnceOptions: { historySize: '={{ $json.once ? 10000 : 5000 }}' } },
				{ items: rows, typeVersion: 2 },
			),
		);
		expect(histories.error?.message).toContain('Invalid "Send Each Sales Order Once": must be the same for every order of a Batch Create');
		expect(await fx.control.requests()).toHaveLength(0);
		// the same for every row: sent
		const same = await fx.run(actionWorkflow({ ...batchCreate({}), sendOnce: true }, { items: rows, typeVersion: 2 }));
		expect(same.error).toBeUndefined();
		expect(await fx.control.requests('BatchSalesOrder')).toHaveLength(1);
	});

	it('with Continue On Fail and every row refused, each row keeps its own refusal', async () => {
		const rows = [{ OrderNo: '', items: [line(SKU_A, 1)] }, { OrderNo: { id: 2 }, items: [line(SKU_A, 1)] }];
		const result = await fx.run(actionWorkflow(batchCreate({}), { items: rows, continueOnFail: true, typeVersion: 2 }));
		expect(result.error).toBeUndefined();
		const errors = result.output(ACTION_NODE).map((i) => i.json.error as string);
		expect(errors).toHaveLength(2);
		expect(errors).toEqual([expect.stringContaining('Order Number'), expect.stringContaining('Order Number')]);
		expect(errors[0]).not.toBe(errors[1]);
		expect(await fx.control.requests()).toHaveLength(0);
	});
});
