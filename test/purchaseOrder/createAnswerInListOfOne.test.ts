// Bug hunt 44 (fixed: transport/reference.ts oneResult, textAnswer): Purchase Order → Create and Transfer Order → Create answered 2xx with their result in a list of
// one ([{"TransactionReferenceNumber": "…"}]: a .NET action returning a list, a gateway wrapping every answer) report
// "the outcome of this purchase order create is unknown" although the provider created it and named its transaction
// reference. The transport already reads such a list of one as the result it holds when it says the write FAILED
// (transport/request.ts send → onlyEntry, bug hunt 22: [{"IsSuccess": false, …}] is a refusal), but the success answer
// is handed on as the list, and transport/reference.ts transactionReferenceOf (called by requireReference from
// actions/purchaseOrder/create.operation.ts and actions/transferOrder/create.operation.ts prepare) finds no reference in
// a list. The merchant gets an error for an order that exists (Continue On Fail: an error item instead of the
// reference; with Send Each … Once the order is recorded as uncertain and every later run refuses it). Per the interface
// ("What the service does" 4; "Endpoints / Inventory": create answers with the transaction reference identifier) the
// create succeeded: the output must be Outcome "created" with that TransactionReferenceNumber, as for the same
// object answered without the list.
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow, ACTION_NODE } from '../harness/workflows';
import { purchaseHeader } from './parameters';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const stocked = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

const REFERENCE = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const CASES = [
	{ resource: 'purchaseOrder', path: 'CreatePurchaseOrder', status: 200, header: purchaseHeader },
	{ resource: 'transferOrder', path: 'CreateTransferOrder', status: 201, header: transferHeader },
] as const;

describe.each(CASES)('$resource → Create answered with its result in a list of one', ({ resource, path, status, header }) => {
	it('is created, with the reference the list holds', async () => {
		// the provider creates the order, and its answer comes wrapped in a list of one
		await fx.control.fault({ kind: 'status', path, when: 'after', status, body: [{ TransactionReferenceNumber: REFERENCE }], count: 1 });
		const result = await fx.run(
			actionWorkflow({ resource, operation: 'create', ...header('REF-L1'), items: { item: [{ itemNo: stocked(0), itemQuantity: 2 }] } }),
		);
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{ CustomerReferenceNo: 'REF-L1', Outcome: 'created', TransactionReferenceNumber: REFERENCE },
		]);
	});
});
