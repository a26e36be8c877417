// A read answered 200 with a failure envelope (its flag: {"IsSuccess": false, ...}, or a message that authentication
// failed beside no records) was output as "no records": 0 items, the run succeeded, and an inventory report or store sync
// read "nothing in stock" where the provider had refused the request. It is an error now (transport/errors.ts readRefusal);
// a flag false beside "No records" stays an empty answer (test/transport/errorDetails.test.ts).
import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 30 });

const getStatus = () => fx.run(actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 }));

describe('a read answered 200 with a failure envelope', () => {
	it('Get Status: {Message: "Authentication failed…", TotalRecordCount: 0, records null} is an error, not 0 records', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetStatus',
			// the exact answer the credential Test refuses (test/node/credentialTestAnswers.test.ts)
			body: { Message: 'Authentication failed: invalid UserKey', TotalRecordCount: 0, WarehouseInventoryStatuses: null },
		});
		const result = await getStatus();
		expect(result.error?.message).toBe('The credentials were refused: Authentication failed: invalid UserKey');
	});

	it('Get Status: {IsSuccess: false, Messages: [...], TotalRecordCount: 0, WarehouseInventoryStatuses: []} is an error, not 0 records', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetStatus',
			body: { IsSuccess: false, Messages: ['Customer account suspended'], TotalRecordCount: 0, MoreRecords: false, WarehouseInventoryStatuses: [] },
		});
		const result = await getStatus();
		expect(result.error?.message).toBe('The provider refused the request: Customer account suspended');
	});

	it('Get Sellable: {IsSuccess: false, Items: null, TotalRecordCount: 0} is an error, not "nothing to sell"', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetSellable',
			body: { IsSuccess: false, Message: 'Invalid warehouse list', TotalRecordCount: 0, Items: null },
		});
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getSellable', returnAll: true }, { typeVersion: 2 }));
		expect(result.error?.message).toBeDefined();
	});

	it('Tracking → Get Details: {IsSuccess: false, Message: "Authentication failed…", Packages: null} is an error, not "no tracking yet"', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetDetails',
			body: { IsSuccess: false, Message: 'Authentication failed: invalid UserKey', Packages: null },
		});
		const result = await fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-10001' }, { typeVersion: 2 }));
		// today: one item {found: false, message: "No tracking information yet for this order"}
		expect(result.error?.message).toBeDefined();
	});

	it('Sales Order → Get Orders On Hold: {IsSuccess: false, Message: "Authentication failed…", Orders: []} is an error, not "none on hold"', async () => {
		await fx.control.fault({
			kind: 'status',
			status: 200,
			path: 'GetOrdersOnHold',
			body: { IsSuccess: false, Message: 'Authentication failed: invalid UserKey', Orders: [] },
		});
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true }, { typeVersion: 2 }));
		expect(result.error?.message).toBeDefined();
	});
});
