// Bug hunt 44 (fixed in transferOrder/update.operation.ts prepare): Transfer Order → Update with only "Transfer Order Number" under Update Fields (the provider's own
// number of the transfer order, "when you have it") is sent as an update and reported Outcome "updated", although it
// asks the provider to change nothing: TransferOrderNumber identifies the order (interface "Resources / Transfer order":
// the update body names the order by TransferOrderNumber and CustomerReferenceNo, then the members it changes; the
// node's own description and actions/transferOrder/update.operation.ts CLEARABLE call it "the provider's" number). Where:
// actions/transferOrder/update.operation.ts prepare counts every TransferInfo member beyond CustomerReferenceNo as a
// change (`Object.keys(body.TransferInfo).length > 1`). Right behaviour, as for an update with no field at all (and as
// Purchase Order → Update does): refused before anything is sent with "Nothing to update", so the workflow does not
// carry on believing the transfer was changed.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { transferHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

describe('Transfer Order → Update naming the order only', () => {
	it('with only Transfer Order Number set: "Nothing to update", nothing sent', async () => {
		const made = await fx.run(
			actionWorkflow({ resource: 'transferOrder', operation: 'create', ...transferHeader('TR-N1'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }),
		);
		expect(made.error).toBeUndefined();
		await fx.control.call('DELETE', 'requests');
		const result = await fx.run(
			actionWorkflow({ resource: 'transferOrder', operation: 'update', customerReferenceNo: 'TR-N1', updateFields: { transferOrderNumber: 'TO-000123' } }),
		);
		expect(result.error?.message).toMatch(/^Nothing to update/);
		expect(await fx.control.requests('UpdateTransferOrder')).toHaveLength(0);
	});
});
