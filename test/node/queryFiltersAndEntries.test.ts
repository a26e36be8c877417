// The query operations' filter values (identifier rules, numbers as text) and answers whose list of records holds
// something else (bug hunt 8).
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox();

const address = { addressLine1: '1200 Main Street', city: 'Napa', state: 'CA', zipCode: '94558', country: 'US' };

describe('value rules of the query filters (README "Errors and safety")', () => {
	// README: identifiers (item numbers) "at most 50 characters ..., no control characters ... and no invisible
	// characters ...; this holds for each entry of a list of them too (Order Numbers, Item Numbers)". Get Status refuses
	// these; Get Sellable (wire/inventory.ts getSellableRequest ItemNumbers) sends them.
	it.each([
		['a zero-width space', 'WINE\u200b-000001'],
		['a tab', 'WINE\t000001'],
		['60 characters', 'X'.repeat(60)],
	])('Get Sellable: an item number with %s is refused before anything is sent', async (_case, itemNo) => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getSellable', itemNumbers: `=${itemNo}`, limit: 5 }, { typeVersion: 2 }),
		);
		expect(result.error?.message).toMatch(/^Invalid "Item Numbers( line 1)?"/);
		expect(await fx.control.requests('GetSellable')).toHaveLength(0);
	});

	// README: "a number where the interface wants text (an order number, a phone number) is sent as text, in every
	// operation". Reference (GetTransactions, a string) mapped from a numeric column is refused "must be text".
	it('Get Transactions: Reference given as a number (12345) is sent as "12345"', async () => {
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'inventory', operation: 'getTransactions', transactionDate: '2026-01-05', reference: '={{ 12345 }}', limit: 5 },
				{ typeVersion: 2 },
			),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetTransactions');
		expect(sent.body.Reference).toBe('12345');
	});

	// Same rule; also the refusal names the wire member "OrderSource" instead of the field "Order Source".
	it('Get Sellable: Order Source given as a number (123) is sent as "123"', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'inventory', operation: 'getSellable', options: { orderSource: '={{ 123 }}' }, limit: 5 }, { typeVersion: 2 }),
		);
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetSellable');
		expect(sent.body.OrderSource).toBe('123');
	});

	// README identifiers: "(... client reference codes up to 36), no control characters (a tab or line break pasted from
	// a sheet) and no invisible characters". Validate checks only the length; Get Delivery Estimates nothing.
	it('Address → Validate: a Client Reference Code holding a tab is refused before anything is sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'address', operation: 'validate', clientReferenceCode: 'chk\t1', shippingCarrier: 'FEX', ...address }),
		);
		expect(result.error?.message).toMatch(/^Invalid "Client Reference Code"/);
		expect(await fx.control.requests('Validation')).toHaveLength(0);
	});

	it('Tracking → Get Delivery Estimates: a Client Reference Code of 40 characters is refused before anything is sent', async () => {
		const result = await fx.run(
			actionWorkflow({
				resource: 'tracking',
				operation: 'getDeliveryEstimates',
				...address,
				shipDateFrom: '2026-01-06',
				shipDateTo: '2026-01-07',
				clientReferenceCode: 'C'.repeat(40),
			}),
		);
		expect(result.error?.message).toMatch(/^Invalid "Client Reference Code"/);
		expect(await fx.control.requests('GetDeliveryEstimates')).toHaveLength(0);
	});
});

describe('Tracking → Get Details: a package list holding no record', () => {
	// README: "an entry of a page's list of records is no record (null, text, a number), the item fails with an error
	// saying what came back (naming the entry)". Get Details crashed with a TypeError (null), or put out the number 1
	// as an item's json.
	it.each([
		['null, Simplify on', [null], true],
		['null, Simplify off', [null], false],
		['a number beside a package, Simplify off', { Packages: [1, { TrackingNo: 'T1', OrderNumber: 'SO-000001' }] }, false],
	])('%s: an error naming the entry, no TypeError, no non-object item', async (_case, body, simplify) => {
		await fx.control.fault({ kind: 'status', path: 'GetDetails', status: 200, body });
		const result = await fx.run(actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo: 'SO-000001', simplify }));
		const shape = body === undefined || Array.isArray(body) ? 'null' : 'a number';
		expect(result.error?.message).toBe(`The provider answered tracking details whose list of packages (Packages) holds something else: entry 1 is ${shape}`);
		expect(result.output(ACTION_NODE)).toEqual([]);
	});
});

describe('Sales Order → Get Orders On Hold: a list holding no record', () => {
	it.each([
		['null, Simplify on', [{ OrderNo: 'SO-1', HoldReason: 'CREDIT' }, null], true, 'entry 2 is null'],
		['a number, Simplify off', [7], false, 'entry 1 is a number'],
	])('%s: an error naming the entry, no item', async (_case, body, simplify, entry) => {
		await fx.control.fault({ kind: 'status', path: 'GetOrdersOnHold', status: 200, body });
		const result = await fx.run(actionWorkflow({ resource: 'salesOrder', operation: 'getOrdersOnHold', returnAll: true, simplify }));
		expect(result.error?.message).toBe(`The provider answered a list of orders on hold that holds something else: ${entry}`);
		expect(result.output(ACTION_NODE)).toEqual([]);
	});
});
