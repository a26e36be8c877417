// A ZIP code given as a number is padded back to 5 digits for US addresses only; "Virgin Islands, U.S." (ISO 3166's name,
// with its comma) and "PRI" (ISO alpha-3, as "USA" is read) were not taken as US territories, so 802 and 907 were sent
// for 00802 and 00907. Both are read now (wire/values.ts US_ZIP_COUNTRIES).
import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, salesOrder } from './helpers';

const fx = useSandbox();

const order = (orderNo: string) =>
	salesOrder('create', {
		orderNo,
		orderType: 'RETAIL',
		itemsInput: 'fields',
		items: { item: [{ itemNo: SKU_A, itemQuantity: 1 }] },
		recipientContactInfo: { city: '={{ $json.city }}', zipCode: '={{ $json.zip }}', country: '={{ $json.country }}' },
	});

async function sentZip(orderNo: string, zip: number, country: string, city: string): Promise<unknown> {
	const result = await fx.run(actionWorkflow(order(orderNo), { items: [{ zip, country, city }] }));
	expect(result.error).toBeUndefined();
	const [sent] = await fx.control.requests('CreateSalesOrder');
	return (sent.body as { RecipientContactInfo: { ZipCode: unknown } }).RecipientContactInfo.ZipCode;
}

describe('Create: a ZIP code from a number column, in a US territory named as ISO 3166 names it', () => {
	it('Country "Virgin Islands, U.S." (ISO short name): 802 is sent as 00802, as with "Virgin Islands (U.S.)"', async () => {
		expect(await sentZip('VI-1', 802, 'Virgin Islands, U.S.', 'Charlotte Amalie')).toBe('00802');
	});

	it('Country "PRI" (ISO alpha-3, as "USA" is accepted): 907 is sent as 00907', async () => {
		expect(await sentZip('PR-1', 907, 'PRI', 'San Juan')).toBe('00907');
	});
});
