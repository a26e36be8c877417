// Transfer Order → Update: the Transfer Order Number is an order number and follows the identifier rule (README
// "Errors and safety"); it was read as plain text and sent as given (bug hunt 11).
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { transferHeader } from './parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

async function openTransfer(ref: string) {
	const result = await fx.run(
		actionWorkflow({ resource: 'transferOrder', operation: 'create', ...transferHeader(ref), items: { item: [{ itemNo: item(0), itemQuantity: 2 }] } }),
	);
	expect(result.error).toBeUndefined();
	await fx.control.call('DELETE', 'requests');
}

const update = (transferOrderNumber: string) =>
	actionWorkflow(
		// with a change beside it: the number alone names the order and changes nothing (bug hunt 44: "Nothing to update")
		{
			resource: 'transferOrder',
			operation: 'update',
			customerReferenceNo: 'TR-N',
			updateFields: { transferOrderNumber: '={{ $json.ton }}', specialInstruction: 'Fragile' },
		},
		{ items: [{ ton: transferOrderNumber }] },
	);

describe('Transfer Order → Update: Transfer Order Number follows the identifier rule', () => {
	it.each([
		['a tab pasted from a sheet', 'TO\t10042', /control characters/],
		['a zero-width space pasted from a web page', 'TO-\u200b10042', /invisible characters/],
		["a sheet's exponent form of a long number", '1.23457E+11', /exponent form/],
		['more than 50 characters', `TO-${'9'.repeat(60)}`, /at most 50 characters/],
	])('%s is refused before anything is sent, naming the field', async (_what, value, rule) => {
		await openTransfer('TR-N');
		const result = await fx.run(update(value));
		expect(await fx.control.requests('UpdateTransferOrder')).toEqual([]);
		expect(result.error?.message).toContain('Invalid "Transfer Order Number"');
		expect(result.error?.message).toMatch(rule);
	});

	it('a decomposed accent is sent composed (NFC), as every identifier is', async () => {
		await openTransfer('TR-N');
		const result = await fx.run(update('TO-Cafe\u0301-1'));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('UpdateTransferOrder');
		expect((sent.body as { TransferInfo: { TransferOrderNumber: string } }).TransferInfo.TransferOrderNumber).toBe('TO-Caf\u00e9-1');
	});
});
