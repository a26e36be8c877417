// The readers of a sales order's fields: the prices the interface types as text (blank, blanks around decimal text,
// digits as written), Tags with ";" in an entry, a contact's ZIP code beside a Country that is not the US, and
// Additional Fields (JSON) members put in the interface's spelling. Schemas and the spellings are built on first use, so
// each test loads its modules afresh (see wireBuiltRules.test.ts).
import type { IDataObject } from 'n8n-workflow';

import { fakeExecute } from './fakeExecute';
import { fresh, outcome } from './schemaResults';

type SalesOrder = typeof import('../../nodes/WineFulfillment/wire/salesOrder');
type Fields = typeof import('../../nodes/WineFulfillment/actions/salesOrder/fields');
type Common = typeof import('../../nodes/WineFulfillment/actions/common');

const salesOrder = () => fresh<SalesOrder>(() => jest.requireActual('../../nodes/WineFulfillment/wire/salesOrder'));
const fields = () => fresh<Fields>(() => jest.requireActual('../../nodes/WineFulfillment/actions/salesOrder/fields'));
const common = () => fresh<Common>(() => jest.requireActual('../../nodes/WineFulfillment/actions/common'));

describe('Consumer Tax Collected and Consumer Shipping Price as the wire reads them', () => {
	const info = (price: unknown) => outcome(salesOrder().createOrderInfo, { OrderNo: 'P-1', OrderType: 'RETAIL', ConsumerTaxCollected: price });
	const sent = (price: unknown) => JSON.parse(info(price).replace(/^accepted /, '')).ConsumerTaxCollected as unknown;

	it('blank text is kept as "" (an update\'s clear), not refused as no number', () => {
		expect(sent('   ')).toBe('');
	});

	it('decimal text is sent as written, trimmed: its trailing zeros and all its digits kept', () => {
		expect(sent(' 12.50 ')).toBe('12.50');
		expect(sent('12345678901234567')).toBe('12345678901234567');
	});

	it('text that is a number without being plain decimals is sent as the number', () => {
		expect(sent('12.')).toBe('12');
		expect(sent(7.5)).toBe('7.5');
	});
});

describe('Tags', () => {
	it('an entry holding ";" is refused naming the entry as given, trimmed', () => {
		const { ctx } = fakeExecute({ params: { additionalFields: { tags: ['VIP', '  Gift; wrapped  '] } } });
		expect(() => fields().readOrderInfoFields(ctx, 'additionalFields', 0)).toThrow(
			'Invalid "Tags": entry 2 holds ";", which the tags are sent delimited by: it would become two tags; give each tag as its own entry (got "Gift; wrapped")',
		);
	});
});

describe("a contact's ZIP code beside its Country", () => {
	const contact = (value: unknown) => outcome(salesOrder().contactInfo, value);

	it('a whole number is a postal code of its own outside the US, 0 too; with a blank Country it is a US ZIP code', () => {
		expect(contact({ ZipCode: 0, Country: 'Belgium' })).toBe('accepted {"ZipCode":"0","Country":"Belgium"}');
		expect(contact({ ZipCode: 2134, Country: '   ' })).toBe('accepted {"ZipCode":"02134","Country":""}');
	});

	it('a negative number is refused as no ZIP code, whatever the Country', () => {
		expect(contact({ ZipCode: -1000, Country: 'Belgium' })).toMatch(/^ZipCode: is a number that is no ZIP code/);
	});

	it('null is refused as no contact, not read as one', () => {
		expect(contact(null)).toMatch(/^: /);
	});
});

describe('Additional Fields (JSON) in the interface spelling', () => {
	const merged = (body: IDataObject, json: unknown) => {
		const { ctx } = fakeExecute({ params: { additionalJson: JSON.stringify(json) } });
		return common().withAdditionalJson(ctx, body, 0);
	};

	it('a member of a nested object (an optional one, as a contact) is spelled as the interface spells it', () => {
		expect(merged({}, { recipientcontactinfo: { phonenumber: '707-555-0100' } })).toEqual({
			RecipientContactInfo: { PhoneNumber: '707-555-0100' },
		});
	});

	it('a member the body has under a name the interface does not know is spelled as the body spells it', () => {
		expect(merged({ GiftWrapNote: 'a' }, { giftwrapnote: 'b' })).toEqual({ GiftWrapNote: 'b' });
	});

	it('one member given twice is refused, naming the interface spelling to give it in, and where it is', () => {
		expect(() => merged({}, { transactionreferencenumber: 'a', TRANSACTIONREFERENCENUMBER: 'b' })).toThrow(
			'Invalid "Additional Fields (JSON)": "transactionreferencenumber" and "TRANSACTIONREFERENCENUMBER" are one member to the provider (it reads member names in any letter case); give it once, as "TransactionReferenceNumber"',
		);
		expect(() => merged({}, { OrderInfo: { Custom: { k: 1, K: 2 } } })).toThrow(
			'Invalid "Additional Fields (JSON)": OrderInfo.Custom: "k" and "K" are one member',
		);
	});
});
