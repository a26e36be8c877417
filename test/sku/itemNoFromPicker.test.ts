// SKU → Create's Item Number (text) shares its name with Update's and Retire's picker (a resource locator): n8n keeps a
// parameter's value when the operation changes, so an item number picked there reaches Create as a locator. It is read
// as its value (bug hunt 12: it was refused as "must be text, not an object").
import { NodeHelpers, type INode, type INodeParameters } from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 24 });
const description = new WineFulfillment().description;

/** What n8n's NodeSettings does when a parameter changes: the non-default values, then the defaults filled in again. */
function editorChange(parameters: INodeParameters, change: INodeParameters): INodeParameters {
	const node = { typeVersion: 2, parameters } as unknown as INode;
	// n8n's editor hands the node along; its type declares only typeVersion
	const changed = { ...NodeHelpers.getNodeParameters(description.properties, parameters, false, false, node, description), ...change };
	return NodeHelpers.getNodeParameters(description.properties, changed, true, false, { ...node, parameters: changed } as INode, description)!;
}

it.each(['retire', 'update'])('an Item Number entered in SKU → %s, then the operation switched to Create, is the item number Create sends', async (from) => {
	const before = editorChange(
		{ resource: 'sku', operation: from },
		{ itemNo: { __rl: true, mode: 'id', value: 'CAB-2021-750' } },
	);
	const create = editorChange(before, { operation: 'create' });
	const result = await fx.run(
		actionWorkflow(
			{ ...create, itemCategory: 'Merchandise', requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana@example.com' },
			{ typeVersion: 2 },
		),
	);
	expect(result.error?.message).toBeUndefined();
	const [sent] = await fx.control.requests('CreateSKU');
	expect((sent?.body.SKUInfo as { ItemNo?: unknown } | undefined)?.ItemNo).toBe('CAB-2021-750');
});
