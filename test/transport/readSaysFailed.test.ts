// A read answered 200 with a failure envelope (its flag: {"IsSuccess": false, ...}, or a message that authentication
// failed beside no records) was output as "no records": 0 items, the run succeeded, and an inventory report or store sync
// read "nothing in stock" where the provider had refused the request. It is an error now (transport/errors.ts readRefusal);
// a flag false beside "No records" stays an empty answer (test/transport/errorDetails.test.ts).
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 30 });

const SIGN_IN_FAILED = 'Authentication failed: invalid UserKey';
const getStatus = { resource: 'inventory', operation: 'getStatus', returnAll: true };

describe('a read answered 200 with a failure envelope is an error, never "no records"', () => {
	it.each([
		[
			// the exact answer the credential Test refuses (test/node/credentialTestAnswers.test.ts)
			'Get Status: a sign-in refusal beside TotalRecordCount 0 and records null',
			'GetStatus',
			{ Message: SIGN_IN_FAILED, TotalRecordCount: 0, WarehouseInventoryStatuses: null },
			getStatus,
			`The credentials were refused: ${SIGN_IN_FAILED}`,
		],
		[
			'Get Status: IsSuccess false beside an empty page',
			'GetStatus',
			{ IsSuccess: false, Messages: ['Customer account suspended'], TotalRecordCount: 0, MoreRecords: false, WarehouseInventoryStatuses: [] },
			getStatus,
			'The provider refused the request: Customer account suspended',
		],
		[
			'Get Sellable: IsSuccess false, Items null (not "nothing to sell")',
			'GetSellable',
			{ IsSuccess: false, Message: 'Invalid warehouse list', TotalRecordCount: 0, Items: null },
			{ resource: 'inventory', operation: 'getSellable', returnAll: true },
			undefined,
		],
		[
			// before: one item {found: false, message: "No tracking information yet for this order"}
			'Tracking → Get Details: IsSuccess false and a sign-in refusal, Packages null (not "no tracking yet")',
			'GetDetails',
			{ IsSuccess: false, Message: SIGN_IN_FAILED, Packages: null },
			{ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-10001' },
			undefined,
		],
		[
			'Sales Order → Get Orders On Hold: IsSuccess false and a sign-in refusal, Orders [] (not "none on hold")',
			'GetOrdersOnHold',
			{ IsSuccess: false, Message: SIGN_IN_FAILED, Orders: [] },
			{ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true },
			undefined,
		],
	])('%s', async (_, path, body, parameters, message) => {
		await fx.control.fault({ kind: 'status', status: 200, path, body });
		const result = await fx.run(actionWorkflow(parameters, { typeVersion: 2 }));
		if (message) expect(result.error?.message).toBe(message);
		else expect(result.error?.message).toBeDefined();
	});
});

describe("a read's answer is read at its own level only", () => {
	// a record one level down whose Status is a failure word is data: the refusal is read on writes' envelopes only
	it('Get Status: a page whose answer holds an object with Status "Error" beside the records: the records, no error', async () => {
		const records = [{ ItemNo: 'WINE-1', Warehouse: 'APC01', InventoryStatus: 'GOOD-NO-TX', QuantityOnHand: 3 }];
		const body = { TotalRecordCount: 1, MoreRecords: false, Summary: { Status: 'Error', Message: 'one lot on hold' }, WarehouseInventoryStatuses: records };
		await fx.control.fault({ kind: 'status', status: 200, path: 'GetStatus', body });
		const result = await fx.run(actionWorkflow(getStatus, { typeVersion: 2 }));
		expect(result.error).toBeUndefined();
		expect(result.output('Wine Fulfillment').map((i) => i.json.ItemNo ?? i.json.itemNo)).toEqual(['WINE-1']);
	});
});
