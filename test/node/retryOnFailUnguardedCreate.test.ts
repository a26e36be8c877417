// Purchase Order, Transfer Order and SKU → Create with Send Each … Once off (their default) under n8n's Retry On Fail:
// a create whose first try got a 5xx or a reset after the provider processed it was sent again by the next try (a second
// purchase order, transfer or SKU request). Nothing but the run guards such a create: it is withheld as an update is
// (actions/operation.ts unguarded). Bug hunt 22.
import type { INode, INodeParameters } from 'n8n-workflow';

import { installDeduplicator, MemoryDeduplicator } from '../harness/dedup';
import type { RunResult, WorkflowJson } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { purchaseHeader } from '../purchaseOrder/parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
beforeEach(async () => await installDeduplicator(new MemoryDeduplicator()));
afterAll(async () => await installDeduplicator(undefined));

const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const retrying = (json: WorkflowJson): WorkflowJson => ({
	...json,
	nodes: json.nodes.map((n): INode => (n.name === ACTION_NODE ? { ...n, retryOnFail: true, maxTries: 2, waitBetweenTries: 10 } : n)),
});

const run = async (parameters: INodeParameters): Promise<RunResult> =>
	await fx.run(retrying(actionWorkflow(parameters, { typeVersion: 2 })));

describe('Retry On Fail over a create with Send Each … Once off (the default): a create that may have reached the provider is not sent again', () => {
	it('Purchase Order → Create answered 500 after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'status', status: 500, when: 'after', path: 'CreatePurchaseOrder', count: 1 });
		await run({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader('PO-DUP'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		const requests = await fx.control.requests('CreatePurchaseOrder');
		expect(requests.map((r) => r.status)).toEqual([500]);
	});

	it('Transfer Order → Create, connection reset after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'reset', when: 'after', path: 'CreateTransferOrder', count: 1 });
		await run({
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader('TR-DUP'),
			items: { item: [{ itemNo: stocked(0), itemQuantity: 1 }] },
		});
		const requests = await fx.control.requests('CreateTransferOrder');
		expect(requests).toHaveLength(1);
	});

	it('SKU → Create answered 502 after it was processed: one request only', async () => {
		await fx.control.fault({ kind: 'status', status: 502, when: 'after', path: 'CreateSKU', count: 1 });
		await run({
			resource: 'sku',
			operation: 'create',
			itemNo: 'HUNT22-NEW-1',
			itemCategory: 'Merchandise',
			requestorFirstName: 'Ana',
			requestorLastName: 'Reyes',
			requestorEmail: 'ana.reyes@example.com',
		});
		const requests = await fx.control.requests('CreateSKU');
		expect(requests).toHaveLength(1);
	});
});
