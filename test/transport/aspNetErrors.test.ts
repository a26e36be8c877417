// A refusal in the shapes an ASP.NET service writes it (ASP.NET Core ProblemDetails `errors`, Web API 2 `ModelState`):
// the members it names reach the message (and a Continue On Fail item's error) in the panel's words, for every
// resource; a SKU that is not found says what to check.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { transferHeader } from '../transferOrder/parameters';
import { PROBE_NODE, expectNoSecrets, probe } from './helpers';

const fx = useSandbox({ inventoryRecords: 12 });

const requestor = { requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail: 'ana.reyes@example.com' };
const skuCreate = (options: Record<string, unknown> = {}) =>
	actionWorkflow({ resource: 'sku', operation: 'create', ...requestor, itemNo: 'RIES-2024', itemCategory: 'Merchandise' }, options);
const problem = (errors: Record<string, unknown>, status = 400) => ({
	type: 'https://tools.ietf.org/html/rfc7231#section-6.5.1',
	title: 'One or more validation errors occurred.',
	status,
	traceId: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00',
	errors,
});
const modelState = (state: Record<string, unknown>) => ({ Message: 'The request is invalid.', ModelState: state });
const firstItem = () => fx.sandbox.state.inventory[0].ItemNo;

describe('a refusal in ASP.NET shapes names the members it refuses', () => {
	it('ProblemDetails on SKU → Create: the member in the panel’s words, in the message and the error item', async () => {
		const body = problem({ 'SKUInfo.UPCCode': ['The field UPCCode must be a string with a maximum length of 12.'] });
		await fx.control.fault({ kind: 'status', path: 'CreateSKU', status: 400, body });
		const said =
			'The provider rejected the request as invalid: One or more validation errors occurred. UPC Code: The field UPCCode must be a string with a maximum length of 12.';
		const failed = await fx.run(skuCreate());
		expect(failed.error?.message).toBe(said);
		expect(failed.error?.description).toContain("The provider's answer (400): ");
		const kept = await fx.run(skuCreate({ continueOnFail: true }));
		const [out] = kept.output(ACTION_NODE);
		expect(out.json.error).toBe(said);
		expect(out.pairedItem).toEqual({ item: 0 });
	});

	it('Web API 2 ModelState on Transfer Order → Create: the parameter name "request." is dropped', async () => {
		const body = modelState({ 'request.TransferInfo.RequestedDate': ['The RequestedDate field must be a future date.'] });
		await fx.control.fault({ kind: 'status', path: 'CreateTransferOrder', status: 400, body });
		const result = await fx.run(
			actionWorkflow(
				{ resource: 'transferOrder', operation: 'create', ...transferHeader('TO-1'), items: { item: [{ itemNo: firstItem(), itemQuantity: 2 }] } },
				{ continueOnFail: true },
			),
		);
		expect(result.output(ACTION_NODE)[0].json.error).toBe(
			'The provider rejected the request as invalid: The request is invalid. Requested Date: The RequestedDate field must be a future date.',
		);
	});

	it('Sales Order → Create: a "$." JSON path and a list line, several errors joined', async () => {
		const body = problem({
			'$.RecipientContactInfo.State': ['The JSON value could not be converted to System.String.'],
			'ItemsInfo[0].ItemNo': ['The ItemNo field is required.', 'ItemNo is unknown.'],
		});
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', status: 400, body });
		const result = await fx.run(
			actionWorkflow({
				resource: 'salesOrder',
				operation: 'create',
				orderNo: 'E-1',
				orderType: 'RETAIL',
				items: { item: [{ itemNo: firstItem(), itemQuantity: 1 }] },
			}),
		);
		expect(result.error?.message).toBe(
			'The provider rejected the request as invalid: One or more validation errors occurred. ' +
				'Recipient (Ship-To) → State: The JSON value could not be converted to System.String.; ' +
				'Items line 1 → Item Number: The ItemNo field is required. ItemNo is unknown.',
		);
	});

	it('Purchase Order → Update: members in camelCase (a JSON naming policy) are named as the panel names them', async () => {
		const body = problem({ 'orderInfo.requestedDate': ['The requested date is in the past.'] });
		await fx.control.fault({ kind: 'status', path: 'UpdatePurchaseOrder', status: 400, body });
		const result = await fx.run(
			actionWorkflow({ resource: 'purchaseOrder', operation: 'update', customerReferenceNo: 'PO-1001', updateFields: { specialInstruction: 'x' } }),
		);
		expect(result.error?.message).toBe(
			'The provider rejected the request as invalid: One or more validation errors occurred. Requested Date: The requested date is in the past.',
		);
	});

	it('a 422 is a refusal as a 400 is; an error that names no member is shown as said', async () => {
		const body = problem({ '': ['A non-empty request body is required.'], 'SKUInfo.ItemNo': ['Item number RIES-2024 already exists.'] }, 422);
		await fx.control.fault({ kind: 'status', path: 'CreateSKU', status: 422, body });
		const result = await fx.run(skuCreate());
		expect(result.error?.httpCode).toBe('422');
		expect(result.error?.message).toBe(
			'The provider rejected the request as invalid: One or more validation errors occurred. A non-empty request body is required.; ' +
				'Item Number: Item number RIES-2024 already exists.',
		);
	});

	it('another 4xx that names members carries them in its message', async () => {
		await fx.control.fault({ kind: 'status', path: 'CreateSKU', status: 409, body: problem({ 'SKUInfo.UPCCode': ['UPC in use.'] }, 409) });
		const result = await fx.run(skuCreate());
		expect(result.error?.message).toBe(
			'The provider answered with status 409: One or more validation errors occurred. UPC Code: UPC in use.',
		);
	});

	it('many errors are cut to a bounded message that says how many more there are', async () => {
		const errors = Object.fromEntries(
			Array.from({ length: 30 }, (_, i) => [`ItemsInfo[${i}].ItemQuantity`, [`The field ItemQuantity must be between 1 and 9999 (${'x'.repeat(80)}).`]]),
		);
		await fx.control.fault({ kind: 'status', path: 'CreateSalesOrder', status: 400, body: problem(errors) });
		const result = await fx.run(
			actionWorkflow({ resource: 'salesOrder', operation: 'create', orderNo: 'E-2', orderType: 'RETAIL', items: { item: [{ itemNo: firstItem(), itemQuantity: 1 }] } }),
		);
		const message = result.error?.message ?? '';
		expect(message).toContain('Items line 1 → Quantity: The field ItemQuantity must be between 1 and 9999');
		expect(message).not.toContain('Items line 30');
		expect(message).toMatch(/; and 2\d more\.$/);
		expect(message.length).toBeLessThan(1300);
	});

	it('an operation without labels shows the members as the provider names them, secrets scrubbed', async () => {
		const body = modelState({ 'request.Authentication.UserKey': [`UserKey ${SANDBOX_CREDENTIALS.userKey} is not active.`], 'request.Top': ['Top is too large.'] });
		await fx.control.fault({ kind: 'status', path: 'GetStatus', status: 400, body });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }, { continueOnFail: true }));
		const [out] = result.output(PROBE_NODE);
		expect(out.json.error).toBe(
			'The provider rejected the request as invalid: The request is invalid. Authentication.UserKey: UserKey *** is not active.; Top is too large.',
		);
		expectNoSecrets(result.run);
	});

	it('an `errors` object that is one error ({ Code, Message }) is not read as members', async () => {
		await fx.control.fault({ kind: 'status', path: 'GetStatus', status: 400, body: { errors: { Code: 'E12', Message: 'Warehouse XYZ is unknown' } } });
		const result = await fx.run(probe({ endpoint: 'getStatus', retry: { maxRetries: 0 } }));
		expect(result.error?.message).toBe('The provider rejected the request as invalid: E12; Warehouse XYZ is unknown');
	});
});

describe('a SKU that is not found says what to check', () => {
	it('SKU → Retire: names the Item Number and the Base URL’s environment', async () => {
		await fx.control.fault({ kind: 'status', path: 'RetireSku', status: 404, body: { Message: 'Item not found' } });
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'retire', itemNo: 'NOPE-1' }));
		expect(result.error?.httpCode).toBe('404');
		expect(result.error?.message).toBe('No SKU has this Item Number');
		expect(result.error?.description).toContain(
			"Check the Item Number, and the environment in the credential's Base URL. The provider said: Item not found",
		);
	});

	it('SKU → Update of an unknown item (the sandbox’s own 404): the same words on the error item', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'sku', operation: 'update', ...requestor, itemNo: 'NO-SUCH-ITEM', updateFields: { value: '1' } }, { continueOnFail: true }),
		);
		const [out] = result.output(ACTION_NODE);
		expect(out.json.error).toBe('No SKU has this Item Number');
		expect((out.json.details as { httpCode?: string }).httpCode).toBe('404');
	});

	it('a SKU’s 403 is not worded as an order’s state change', async () => {
		await fx.control.fault({ kind: 'status', path: 'UpdateSKU', status: 403, body: { Message: 'Forbidden' } });
		const result = await fx.run(actionWorkflow({ resource: 'sku', operation: 'update', ...requestor, itemNo: 'WINE-000001', updateFields: { value: '1' } }));
		expect(result.error?.message).toBe('The provider refused this operation (403)');
	});
});
