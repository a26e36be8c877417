// Transfer Order → Create: an Interface Revision an expression leaves empty reads as not set (the newest revision),
// and a status code no revision lists is sent as given with a hint that names no other revision.
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import type { RunResult } from '../harness/harness';
import { transferHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });

const hints = (result: RunResult) =>
	(result.run.data.resultData.runData[ACTION_NODE]?.[0]?.hints ?? []).map((h) => h.message);

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const create = (extra: Record<string, unknown>, continueOnFail = false) =>
	actionWorkflow(
		{
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader('TR-BLANK-1'),
			items: { item: [{ itemNo: item(0), itemQuantity: 3 }] },
			...extra,
		},
		{ continueOnFail },
	);

describe('Transfer Order → Create: revision and status edge values', () => {
	it.each([
		['null', '={{ null }}'],
		['a missing member', '={{ $json.revision }}'],
	])('an Interface Revision from %s is the newest revision: sent, no hint', async (_case, expression) => {
		const result = await fx.run(create({ additionalFields: { interfaceRevision: expression } }));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ CustomerReferenceNo: 'TR-BLANK-1', InventoryStatusCode: 'GOOD-NO-TX' });
		expect(sent.body.TransferInfo).not.toHaveProperty('InterfaceRevision');
		expect(hints(result)).toEqual([]);
	});

	it('a status code of no revision is sent as given; the hint names no other revision', async () => {
		// the sandbox knows no custom codes and refuses it: Continue On Fail keeps the run, and its hints, going
		const result = await fx.run(create({ inventoryStatusCode313: '={{ "CUSTOM-HOLD" }}' }, true));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('CreateTransferOrder');
		expect(sent.body.TransferInfo).toMatchObject({ InventoryStatusCode: 'CUSTOM-HOLD' });
		expect(result.output(ACTION_NODE)[0].json.error).toContain('InventoryStatusCode must be one of');
		expect(hints(result)).toEqual([
			'Inventory status "CUSTOM-HOLD" is not a code of revision 3.1.4; it is kept as given (custom codes come from the provider).',
		]);
	});
});
