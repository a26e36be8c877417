// E-mail addresses with letters beyond ASCII (RFC 6531): a winery's umlaut domain, a Chilean contact's accented name.
// zod's email() knows ASCII addresses only; the node's one rule (wire/values.ts emailAddress) takes them, and still
// refuses, before sending, what is no address.
import type { IDataObject } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { transferHeader } from '../transferOrder/parameters';

const fx = useSandbox({ inventoryRecords: 24 });

const RULE = 'must be a valid e-mail address, such as name@example.com';

const createSku = (requestorEmail: string) =>
	actionWorkflow(
		{ resource: 'sku', operation: 'create', requestorFirstName: 'Ana', requestorLastName: 'Reyes', requestorEmail, itemNo: 'RIES-2022', itemCategory: 'Merchandise' },
		{ continueOnFail: true },
	);
const createTransfer = (emailAddress: string) =>
	actionWorkflow({
		resource: 'transferOrder',
		operation: 'create',
		...transferHeader('TO-MAIL-1'),
		emailAddress,
		items: { item: [{ itemNo: fx.sandbox.state.inventory[0].ItemNo, itemQuantity: 2 }] },
	});

describe('internationalised e-mail addresses are sent', () => {
	it.each([['info@weingut-müller.de'], ['josé@viña.cl'], ['ventas@bodega.com.ar'], ['o’neil'.replace('’', "'") + '@example.com']])(
		'SKU → Create: Requestor Email %s',
		async (email) => {
			const result = await fx.run(createSku(email));
			expect(result.error).toBeUndefined();
			// created: the sandbox, as a .NET provider, takes such an address
			expect(result.output('Wine Fulfillment')[0].json).toMatchObject({ ItemNo: 'RIES-2022', success: true });
			const sent = await fx.control.requests('CreateSKU');
			expect(sent.map((r) => (r.body.RequestorInfo as IDataObject).EmailAddress)).toEqual([email]);
		},
	);

	it('Transfer Order → Create: contact josé@viña.cl', async () => {
		const result = await fx.run(createTransfer('josé@viña.cl'));
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('CreateTransferOrder');
		expect(sent.map((r) => (r.body.TransferInfo as IDataObject).EmailAddress)).toEqual(['josé@viña.cl']);
	});
});

describe('what is no address is refused before sending', () => {
	it.each([['ana.reyes'], ['ana reyes@example.com'], ['ana@@example.com'], ['ana@reyes@example.com'], ['ana@example'], ['.ana@example.com'], ['ana@weingut-müller']])(
		'SKU → Create: Requestor Email %p',
		async (email) => {
			const result = await fx.run(createSku(email));
			expect(result.output('Wine Fulfillment').map((i) => i.json.error)).toEqual([`Invalid "Requestor Email": ${RULE} (got ${JSON.stringify(email)})`]);
			expect(await fx.control.requests()).toEqual([]);
		},
	);

	it('Transfer Order → Create: contact "josé@viña" (no dot in the domain)', async () => {
		const result = await fx.run(createTransfer('josé@viña'));
		expect(result.error?.message).toBe(`Invalid "Email": ${RULE} (got "josé@viña")`);
		expect(await fx.control.requests()).toEqual([]);
	});
});
