// The sales order readers (salesOrder/fields.ts) and the parameter readers under them (parameters.ts), driven with a
// fake action context whose parameters are what a saved node holds: collections, Tags, the items table and Items
// (JSON), with the values users' data brings (blank and broken JSON, text from sheets, null, one object for a list).
import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError, isResourceLocatorValue } from 'n8n-workflow';

import {
	checkInteger,
	checkParameter,
	invalidField,
	readBoolean,
	readChoice,
	readIdentifier,
	readInteger,
	readParameter,
	readText,
} from '../../nodes/WineFulfillment/actions/parameters';
import { preview } from '../../nodes/WineFulfillment/wire/values';
import {
	readCollection,
	readItems,
	readOrderInfoFields,
	readOrderMembers,
} from '../../nodes/WineFulfillment/actions/salesOrder/fields';
import { wholeNumber } from '../../nodes/WineFulfillment/wire/values';
import { UNIT_NODE } from './fakeContext';
import { fakeExecute } from './fakeExecute';

const NOTHING_SENT = (field: string) => `Nothing was sent to the provider. Correct "${field}" and run again.`;
const LIST_EXAMPLE = 'Give a list such as [{"ItemNo": "CAB-2019", "ItemQuantity": 2}]. Nothing was sent to the provider.';

/** A saved item number: the resource locator the table's Item Number column holds. */
const locator = (value: string) => ({ __rl: true, value, mode: 'id' });

/**
 * The fake context with what the readers use beyond it: n8n's `extractValue` (a resource locator's value).
 * `params` are item `itemIndex`'s; every other item has none.
 */
function readers(params: Record<string, unknown>, { itemIndex = 0 } = {}) {
	const { ctx, reads } = fakeExecute({ params: (i) => (i === itemIndex ? (params as IDataObject) : {}) });
	const plain = ctx.getNodeParameter.bind(ctx) as (name: string, i: number, fallback?: unknown) => unknown;
	const withOptions = (name: string, i: number, fallback?: unknown, options?: { extractValue?: boolean }) => {
		const value = plain(name, i, fallback);
		return options?.extractValue && isResourceLocatorValue(value) ? value.value : value;
	};
	ctx.getNodeParameter = withOptions as unknown as IExecuteFunctions['getNodeParameter'];
	return { ctx, reads, itemIndex };
}

/** The NodeOperationError `run` throws; fails the test when it throws none or something else. */
function refusal(run: () => unknown): NodeOperationError {
	let thrown: unknown;
	try {
		run();
	} catch (error) {
		thrown = error;
	}
	if (!(thrown instanceof NodeOperationError)) throw new Error(`expected a NodeOperationError, got ${String(thrown)}`);
	return thrown;
}

/** Asserts the refusal's message, its description and the item it names. */
function expectRefused(run: () => unknown, message: string, description: string, itemIndex: number) {
	const error = refusal(run);
	expect(error.message).toBe(message);
	expect(error.description).toBe(description);
	expect(error.context.itemIndex).toBe(itemIndex);
}

/** Items of item 1 from the items table (`rows`) or from Items (JSON) (`json`). */
const fromTable = (rows: unknown) => readers({ itemsInput: 'fields', items: { item: rows } }, { itemIndex: 1 });
const fromJson = (json: unknown) => readers({ itemsInput: 'json', itemsJson: json }, { itemIndex: 1 });
const itemsOf = ({ ctx, itemIndex }: ReturnType<typeof readers>) => readItems(ctx, itemIndex);

describe('readCollection', () => {
	it('gives what the user set under wire names, without the empty members', () => {
		const { ctx } = readers({ recipientContactInfo: { firstName: 'Ada', poNo: 'PO-1', city: '', state: null, lines: [] } });
		expect(readCollection(ctx, 'recipientContactInfo', 0)).toEqual({ FirstName: 'Ada', PONo: 'PO-1' });
	});

	it('is undefined when nothing is set: no collection, an empty one, or only empty members', () => {
		expect(readCollection(readers({}).ctx, 'shipmentInfo', 0)).toBeUndefined();
		expect(readCollection(readers({ shipmentInfo: {} }).ctx, 'shipmentInfo', 0)).toBeUndefined();
		expect(readCollection(readers({ shipmentInfo: { shippingCarrier: '' } }).ctx, 'shipmentInfo', 0)).toBeUndefined();
	});

	it('reads the item asked for', () => {
		const { ctx } = readers({ shipmentInfo: { icePack: true } }, { itemIndex: 3 });
		expect(readCollection(ctx, 'shipmentInfo', 3)).toEqual({ IcePack: true });
		expect(readCollection(ctx, 'shipmentInfo', 0)).toBeUndefined();
	});

	it('leaves out the members named (by parameter name), without changing the node parameters', () => {
		const saved = { poNo: 'PO-1', recipientContactInfo: { city: 'Napa' }, shipmentInfo: { icePack: true } };
		const { ctx } = readers({ additionalFields: saved });
		expect(readCollection(ctx, 'additionalFields', 0, ['recipientContactInfo', 'shipmentInfo'])).toEqual({ PONo: 'PO-1' });
		expect(readCollection(ctx, 'additionalFields', 0, ['poNo', 'recipientContactInfo', 'shipmentInfo'])).toBeUndefined();
		expect(saved).toEqual({ poNo: 'PO-1', recipientContactInfo: { city: 'Napa' }, shipmentInfo: { icePack: true } });
	});

	it('leaves out nothing when no list is given', () => {
		const { ctx } = readers({ additionalFields: { poNo: 'PO-1', recipientContactInfo: { city: 'Napa' } } });
		expect(readCollection(ctx, 'additionalFields', 0)).toEqual({ PONo: 'PO-1', RecipientContactInfo: { city: 'Napa' } });
	});
});

describe('readOrderInfoFields', () => {
	const tagsOf = (tags: unknown) => readOrderInfoFields(readers({ additionalFields: { tags } }).ctx, 'additionalFields', 0);

	it('sends Tags as one semicolon-delimited text, from text separated by commas, semicolons or new lines', () => {
		expect(tagsOf('vip, gift;club\nholiday')).toEqual({ Tags: 'vip;gift;club;holiday' });
		expect(tagsOf(' vip ')).toEqual({ Tags: 'vip' });
	});

	it('takes Tags as a list from an expression, each entry trimmed, empty ones dropped', () => {
		expect(tagsOf(['vip', ' gift ', '', 2024])).toEqual({ Tags: 'vip;gift;2024' });
		expect(tagsOf(['vip'])).toEqual({ Tags: 'vip' });
	});

	it('sends text from a sheet as it reads ("false", "1e3" are tags)', () => {
		expect(tagsOf('false')).toEqual({ Tags: 'false' });
		expect(tagsOf('1e3')).toEqual({ Tags: '1e3' });
	});

	it('sends no Tags when they are blank: empty, spaces, separators only, an empty list, null', () => {
		for (const blank of ['', '   ', ' ,; \n', [], ['', ' '], null]) expect(tagsOf(blank)).toEqual({});
	});

	it('gives the other members as they are, and nothing for an empty or missing collection', () => {
		const { ctx } = readers({ additionalFields: { poNo: 'PO-1', giftCard: true, specialInstructions: '' } });
		expect(readOrderInfoFields(ctx, 'additionalFields', 0)).toEqual({ PONo: 'PO-1', GiftCard: true });
		expect(readOrderInfoFields(readers({}).ctx, 'additionalFields', 0)).toEqual({});
		expect(readOrderInfoFields(readers({ additionalFields: {} }).ctx, 'additionalFields', 0)).toEqual({});
	});

	it("leaves out version 2's groups (members that are not OrderInfo members)", () => {
		const { ctx } = readers({ additionalFields: { tags: 'a,b', shipmentInfo: { icePack: true }, holdOrder: { hold: true } } });
		expect(readOrderInfoFields(ctx, 'additionalFields', 0, ['shipmentInfo', 'holdOrder'])).toEqual({ Tags: 'a;b' });
		expect(readOrderInfoFields(ctx, 'additionalFields', 0, ['tags', 'shipmentInfo', 'holdOrder'])).toEqual({});
	});

	// Defects (not fixed here): toList turns any value into text, so an object becomes the tag "[object Object]"
	// and a null entry (a list mapped from data with a missing tag) the tag "null".
	it('refuses Tags that are an object, or a list holding one (it would be sent as "[object Object]")', () => {
		expectRefused(() => tagsOf({ name: 'vip' }), 'Invalid "Tags": must be text or a list of text (got an object)', NOTHING_SENT('Tags'), 0);
		expectRefused(
			() => tagsOf(['vip', { name: 'gift' }]),
			'Invalid "Tags": must be text or a list of text: entry 2 is an object (got a list)',
			NOTHING_SENT('Tags'),
			0,
		);
	});

	it('drops null and undefined entries of a Tags list, as it drops empty ones', () => {
		expect(tagsOf(['vip', null, undefined, 'gift'])).toEqual({ Tags: 'vip;gift' });
	});
});

describe('readItems: Items Input', () => {
	it('refuses "Keep Current Items" (a create does not offer it; an update reads it first), whatever the table and Items (JSON) hold', () => {
		const { ctx, reads } = readers({
			itemsInput: 'keep',
			itemsJson: '[{"ItemNo": "CAB-2019", "ItemQuantity": 2}]',
			items: { item: [{ itemNo: locator('MER-2020'), itemQuantity: 1 }] },
		});
		expectRefused(() => readItems(ctx, 0), 'Invalid "Items Input": must be one of fields, json (got "keep")', NOTHING_SENT('Items Input'), 0);
		expect(reads).toEqual([['itemsInput', 0]]);
	});

	it('reads the table for "Using Fields Below" (and when Items Input is not set), not Items (JSON)', () => {
		const params = { itemsJson: '[{"ItemNo": "CAB-2019", "ItemQuantity": 2}]', items: { item: [{ itemNo: locator('MER-2020'), itemQuantity: 1 }] } };
		expect(readItems(readers({ ...params, itemsInput: 'fields' }).ctx, 0)).toEqual([{ ItemNo: 'MER-2020', ItemQuantity: 1 }]);
		expect(readItems(readers(params).ctx, 0)).toEqual([{ ItemNo: 'MER-2020', ItemQuantity: 1 }]);
	});

	it('reads Items (JSON) for "Using JSON", not the table', () => {
		const { ctx } = readers({
			itemsInput: 'json',
			itemsJson: '[{"ItemNo": "CAB-2019", "ItemQuantity": 2}]',
			items: { item: [{ itemNo: locator('MER-2020'), itemQuantity: 1 }] },
		});
		expect(readItems(ctx, 0)).toEqual([{ ItemNo: 'CAB-2019', ItemQuantity: 2 }]);
	});

	it('refuses any other Items Input (a former value, an expression) naming it, before reading items', () => {
		const { ctx, reads } = readers({ itemsInput: 'items', itemsJson: '[]' }, { itemIndex: 2 });
		expectRefused(() => readItems(ctx, 2), 'Invalid "Items Input": must be one of fields, json (got "items")', NOTHING_SENT('Items Input'), 2);
		expect(reads).toEqual([['itemsInput', 2]]);
	});
});

describe('readItems: the items table', () => {
	it('gives each row under wire names, with its Item Options, the item number taken from its locator', () => {
		const items = fromTable([
			{
				itemNo: locator('CAB-2019'),
				itemQuantity: 2,
				quantityUnit: 'WHOLESALE',
				itemOptions: { itemDescription: 'Cabernet', group: 'G1', additionalFields: '{"GiftWrap": "yes"}' },
			},
			{ itemNo: locator(' MER-2020 '), itemQuantity: 1, quantityUnit: '' },
		]);
		expect(itemsOf(items)).toEqual([
			{ ItemNo: 'CAB-2019', ItemQuantity: 2, QuantityUnit: 'WHOLESALE', ItemDescription: 'Cabernet', Group: 'G1', AdditionalFields: { GiftWrap: 'yes' } },
			{ ItemNo: 'MER-2020', ItemQuantity: 1 },
		]);
	});

	it('gives no items for an empty or missing table', () => {
		expect(itemsOf(fromTable([]))).toEqual([]);
		expect(itemsOf(readers({ itemsInput: 'fields', items: {} }, { itemIndex: 1 }))).toEqual([]);
		expect(itemsOf(readers({ itemsInput: 'fields' }, { itemIndex: 1 }))).toEqual([]);
	});

	it('sends no AdditionalFields for an empty Additional Item Fields (JSON): "{}", "", "  ", "[]", "null", {} from an expression', () => {
		for (const empty of ['{}', '', '  ', '[]', 'null', {}]) {
			expect(itemsOf(fromTable([{ itemNo: locator('CAB-2019'), itemQuantity: 2, itemOptions: { additionalFields: empty } }]))).toEqual([
				{ ItemNo: 'CAB-2019', ItemQuantity: 2 },
			]);
		}
	});

	it('takes Additional Item Fields (JSON) as an object from an expression', () => {
		const rows = [{ itemNo: locator('CAB-2019'), itemQuantity: 2, itemOptions: { additionalFields: { GiftWrap: 'yes' } } }];
		expect(itemsOf(fromTable(rows))).toEqual([{ ItemNo: 'CAB-2019', ItemQuantity: 2, AdditionalFields: { GiftWrap: 'yes' } }]);
	});

	it('refuses Additional Item Fields (JSON) that is not JSON, naming the line', () => {
		for (const broken of ['{', '{"GiftWrap": yes}', 'GiftWrap']) {
			const items = fromTable([
				{ itemNo: locator('CAB-2019'), itemQuantity: 2 },
				{ itemNo: locator('MER-2020'), itemQuantity: 1, itemOptions: { additionalFields: broken } },
			]);
			const field = 'Items line 2 → Additional Item Fields (JSON)';
			expectRefused(() => itemsOf(items), `Invalid "${field}": must be valid JSON`, NOTHING_SENT(field), 1);
		}
	});

	it('refuses Additional Item Fields (JSON) that is JSON but not an object ("false", "1e3", "true", "5", a text, a list)', () => {
		const field = 'Items line 1 → Additional Item Fields (JSON)';
		for (const [json, got] of [
			['false', 'false'],
			['1e3', '1000'],
			['true', 'true'],
			['5', '5'],
			['"GiftWrap"', '"GiftWrap"'],
			['["GiftWrap"]', 'a list'],
		]) {
			const items = fromTable([{ itemNo: locator('CAB-2019'), itemQuantity: 2, itemOptions: { additionalFields: json } }]);
			expectRefused(() => itemsOf(items), `Invalid "${field}": must be a JSON object (got ${got})`, NOTHING_SENT(field), 1);
		}
	});

	it('refuses a row without an item number or with a bad quantity, naming its line and the rule', () => {
		expectRefused(
			() => itemsOf(fromTable([{ itemNo: locator('CAB-2019'), itemQuantity: 2 }, { itemQuantity: 2 }])),
			'Invalid "Items line 2 → Item Number (ItemNo)": is required',
			NOTHING_SENT('Items line 2 → Item Number (ItemNo)'),
			1,
		);
		expectRefused(
			() => itemsOf(fromTable([{ itemNo: locator('CAB-2019'), itemQuantity: 0 }])),
			'Invalid "Items line 1 → Quantity (ItemQuantity)": must be a whole number of at least 1 (got 0)',
			NOTHING_SENT('Items line 1 → Quantity (ItemQuantity)'),
			1,
		);
	});
});

describe('readItems: Items (JSON)', () => {
	const cab = { ItemNo: 'CAB-2019', ItemQuantity: 2 };

	it('takes a JSON list, or a list from an expression', () => {
		expect(itemsOf(fromJson('[{"ItemNo": "CAB-2019", "ItemQuantity": 2}, {"ItemNo": "MER-2020", "ItemQuantity": "3"}]'))).toEqual([
			cab,
			{ ItemNo: 'MER-2020', ItemQuantity: 3 },
		]);
		expect(itemsOf(fromJson([{ ...cab, QuantityUnit: 'RETAIL' }]))).toEqual([{ ...cab, QuantityUnit: 'RETAIL' }]);
	});

	it('takes one item (an object, not in a list) as a list of one', () => {
		expect(itemsOf(fromJson('{"ItemNo": "CAB-2019", "ItemQuantity": 2}'))).toEqual([cab]);
		expect(itemsOf(fromJson(cab))).toEqual([cab]);
	});

	it('gives no items for nothing: "", "  ", "[]", "null", null, and when Items (JSON) is not set', () => {
		for (const empty of ['', '  ', '[]', 'null', null, []]) expect(itemsOf(fromJson(empty))).toEqual([]);
		expect(itemsOf(readers({ itemsInput: 'json' }, { itemIndex: 1 }))).toEqual([]);
	});

	it('refuses text that is not JSON', () => {
		for (const broken of ['{', '[{"ItemNo": "CAB-2019"', 'CAB-2019', "[{'ItemNo': 'CAB-2019'}]"]) {
			expectRefused(() => itemsOf(fromJson(broken)), 'Invalid "Items (JSON)": must be valid JSON', NOTHING_SENT('Items (JSON)'), 1);
		}
	});

	it('refuses JSON that is neither a list nor an item ("false", "1e3", a text), and such values from an expression', () => {
		for (const notList of ['false', '1e3', '"CAB-2019"', '0', false, 1000, true]) {
			expectRefused(() => itemsOf(fromJson(notList)), 'Invalid "Items (JSON)": must be a list of items', LIST_EXAMPLE, 1);
		}
	});

	it('refuses a null line or a line that is not an item, naming its line', () => {
		expectRefused(
			() => itemsOf(fromJson('[{"ItemNo": "CAB-2019", "ItemQuantity": 2}, null]')),
			'Invalid "Items line 2": must be an object (got null)',
			NOTHING_SENT('Items line 2'),
			1,
		);
		expectRefused(() => itemsOf(fromJson('[[]]')), 'Invalid "Items line 1": must be an object (got a list)', NOTHING_SENT('Items line 1'), 1);
	});

	it('refuses quantities a sheet writes that are not whole numbers ("1e3", "2.5"), naming line and rule', () => {
		for (const [quantity, got] of [
			['1e3', '"1e3"'],
			['2.5', '"2.5"'],
		]) {
			expectRefused(
				() => itemsOf(fromJson([cab, { ItemNo: 'MER-2020', ItemQuantity: quantity }])),
				`Invalid "Items line 2 → Quantity (ItemQuantity)": must be a whole number of at least 1 (got ${got})`,
				NOTHING_SENT('Items line 2 → Quantity (ItemQuantity)'),
				1,
			);
		}
	});

	it('refuses an empty Additional Item Fields (JSON) text inside a JSON line only when it is not an object', () => {
		expect(itemsOf(fromJson([{ ...cab, AdditionalFields: {} }]))).toEqual([{ ...cab, AdditionalFields: {} }]);
		expectRefused(
			() => itemsOf(fromJson([{ ...cab, AdditionalFields: '{}' }])),
			'Invalid "Items line 1 → Additional Item Fields (JSON)": must be a JSON object (got "{}")',
			NOTHING_SENT('Items line 1 → Additional Item Fields (JSON)'),
			1,
		);
	});
});

describe('readOrderMembers', () => {
	const saved = {
		recipientContactInfo: { firstName: 'Ada', city: 'Napa' },
		billingContactInfo: { company: 'Cellar Club' },
		shipmentInfo: { shippingCarrier: 'UPS' },
		deliveryContactInfo: {},
		itemsInput: 'json',
		itemsJson: '[{"ItemNo": "CAB-2019", "ItemQuantity": 2}]',
	};

	it('gives the contacts, shipment, delivery contact and items the user set (an empty group is left out), by parameter name', () => {
		expect(readOrderMembers(readers(saved).ctx, 0)).toEqual({
			RecipientContactInfo: { FirstName: 'Ada', City: 'Napa' },
			BillingContactInfo: { Company: 'Cellar Club' },
			ShipmentInfo: { ShippingCarrier: 'UPS' },
			ItemsInfo: [{ ItemNo: 'CAB-2019', ItemQuantity: 2 }],
		});
		// a create's Items Input "keep" (from an expression) is refused, not read as an order without its items
		expect(() => readOrderMembers(readers({ itemsInput: 'keep' }).ctx, 0)).toThrow('Invalid "Items Input": must be one of fields, json (got "keep")');
		expect(readOrderMembers(readers({ itemsInput: 'keep' }).ctx, 0, undefined, true)).toEqual({});
	});

	it("reads each group at the path given (version 2's collection)", () => {
		const { ctx } = readers({ ...saved, updateFields: { deliveryContactInfo: { locationCode: 'L1' } } });
		const at = (name: string) => (name === 'deliveryContactInfo' ? `updateFields.${name}` : `none.${name}`);
		expect(readOrderMembers(ctx, 0, at)).toEqual({
			DeliveryContactInfo: { LocationCode: 'L1' },
			ItemsInfo: [{ ItemNo: 'CAB-2019', ItemQuantity: 2 }],
		});
	});
});

describe('the parameter readers (parameters.ts)', () => {
	describe('preview', () => {
		it('shows a value short, never an object or a list whole', () => {
			expect(preview(null)).toBe('null');
			expect(preview(undefined)).toBe('undefined');
			expect(preview([1, 2])).toBe('a list');
			expect(preview({ password: 'x' })).toBe('an object');
			expect(preview('fields')).toBe('"fields"');
			expect(preview(12)).toBe('12');
			expect(preview(false)).toBe('false');
		});

		it('cuts text longer than 40 characters to 37 and an ellipsis', () => {
			const forty = 'x'.repeat(38); // 40 with its quotes
			expect(preview(forty)).toBe(`"${forty}"`);
			expect(preview(`${forty}y`)).toBe(`"${'x'.repeat(36)}…`);
			expect(preview(`${'z'.repeat(45)}`)).toHaveLength(38);
		});
	});

	describe('invalidField', () => {
		it('names the field, the rule and what was given, for the item', () => {
			const error = invalidField(readers({}).ctx, 'Limit', 'must be a whole number', 4, 'abc');
			expect(error).toBeInstanceOf(NodeOperationError);
			expect(error.message).toBe('Invalid "Limit": must be a whole number (got "abc")');
			expect(error.description).toBe(NOTHING_SENT('Limit'));
			expect(error.context.itemIndex).toBe(4);
			expect(error.node).toEqual(UNIT_NODE);
		});

		it('leaves out what was given when nothing was', () => {
			expect(invalidField(readers({}).ctx, 'Order Number', 'is required', 0).message).toBe('Invalid "Order Number": is required');
			expect(invalidField(readers({}).ctx, 'Order Number', 'is required', 0, null).message).toBe('Invalid "Order Number": is required (got null)');
		});
	});

	describe('readChoice', () => {
		const choose = (params: Record<string, unknown>) => readChoice(readers(params, { itemIndex: 1 }).ctx, 'itemsInput', 1, 'Items Input', ['fields', 'json', 'keep'], 'fields');

		it('gives the chosen value, and the fallback when none is set', () => {
			expect(choose({ itemsInput: 'json' })).toBe('json');
			expect(choose({ itemsInput: 'keep' })).toBe('keep');
			expect(choose({})).toBe('fields');
		});

		it('reads a value trimmed; empty, only spaces or null is left empty: the fallback (README: a choice of only spaces)', () => {
			expect(choose({ itemsInput: ' json ' })).toBe('json');
			for (const blank of ['', '   ', null]) expect(choose({ itemsInput: blank })).toBe('fields');
		});

		it('refuses anything else, naming the field and its values: another word, its case, a number', () => {
			for (const [value, got] of [
				['items', '"items"'],
				['JSON', '"JSON"'],
				[1, '1'],
			] as const) {
				expectRefused(() => choose({ itemsInput: value }), `Invalid "Items Input": must be one of fields, json, keep (got ${got})`, NOTHING_SENT('Items Input'), 1);
			}
		});
	});

	describe('readChoice with blank refused (Locate By: which order to change)', () => {
		const locate = (value: unknown) =>
			readChoice(readers({ locateBy: value }, { itemIndex: 1 }).ctx, 'locateBy', 1, 'Locate By', ['orderNo', 'transactionReferenceNumber'], 'transactionReferenceNumber', 'refused');

		it('refuses empty, only spaces and null, naming the field; reads a value trimmed', () => {
			for (const [value, got] of [['', '""'], ['  ', '"  "'], [null, 'null']] as const) {
				expectRefused(() => locate(value), `Invalid "Locate By": must be one of orderNo, transactionReferenceNumber (got ${got})`, NOTHING_SENT('Locate By'), 1);
			}
			expect(locate(' orderNo')).toBe('orderNo');
		});
	});

	describe('readParameter and checkParameter', () => {
		const schema = wholeNumber({ min: 1, max: 9 });

		it('gives the fallback for nothing: not set, undefined, null, ""', () => {
			expect(readParameter(readers({}).ctx, 'limit', 0, 'Limit', schema, 7)).toBe(7);
			expect(readParameter(readers({ limit: null }).ctx, 'limit', 0, 'Limit', schema, 7)).toBe(7);
			expect(readParameter(readers({ limit: '' }).ctx, 'limit', 0, 'Limit', schema, 7)).toBe(7);
			for (const nothing of [undefined, null, '']) expect(checkParameter(readers({}).ctx, nothing, 0, 'Limit', schema, 7)).toBe(7);
		});

		it('gives the value the schema reads, and refuses with its first rule', () => {
			expect(readParameter(readers({ limit: ' 3 ' }).ctx, 'limit', 0, 'Limit', schema, 7)).toBe(3);
			expect(checkParameter(readers({}).ctx, 0 + 4, 0, 'Limit', schema, 7)).toBe(4);
			expectRefused(
				() => readParameter(readers({ limit: '1e3' }, { itemIndex: 2 }).ctx, 'limit', 2, 'Limit', schema, 7),
				'Invalid "Limit": must be a whole number from 1 to 9 (got "1e3")',
				NOTHING_SENT('Limit'),
				2,
			);
			expectRefused(() => checkParameter(readers({}).ctx, 0, 5, 'Limit', schema, 7), 'Invalid "Limit": must be a whole number from 1 to 9 (got 0)', NOTHING_SENT('Limit'), 5);
		});
	});

	describe('readBoolean', () => {
		it('reads true/false and the words a sheet writes; false when not set unless told', () => {
			const read = (value: unknown, fallback?: boolean) =>
				readBoolean(readers(value === undefined ? {} : { flag: value }).ctx, 'flag', 0, 'Flag', fallback);
			expect(read(undefined)).toBe(false);
			expect(read(undefined, true)).toBe(true);
			expect(read('')).toBe(false);
			expect(read('false', true)).toBe(false);
			expect(read(' YES ')).toBe(true);
			expect(read(1)).toBe(true);
			expectRefused(() => read('1e3'), 'Invalid "Flag": must be true or false (or yes/no, 1/0) (got "1e3")', NOTHING_SENT('Flag'), 0);
		});
	});

	describe('readInteger and checkInteger', () => {
		it("checks each field's own bounds, also when several fields share the lower bound", () => {
			const read = (value: unknown, max?: number) => readInteger(readers({ n: value }).ctx, 'n', 0, { field: 'N', fallback: 3, min: 3, max });
			expect(read(15, 20)).toBe(15);
			expectRefused(() => read(15, 10), 'Invalid "N": must be a whole number from 3 to 10 (got 15)', NOTHING_SENT('N'), 0);
			expect(read(15, 20)).toBe(15);
			expect(read(15_000)).toBe(15_000);
			expectRefused(() => read(25, 20), 'Invalid "N": must be a whole number from 3 to 20 (got 25)', NOTHING_SENT('N'), 0);
			expectRefused(() => read(2), 'Invalid "N": must be a whole number of at least 3 (got 2)', NOTHING_SENT('N'), 0);
			expectRefused(() => read(Number.NaN, 20), 'Invalid "N": must be a whole number from 3 to 20 (got NaN)', NOTHING_SENT('N'), 0);
			expectRefused(() => read(Number.POSITIVE_INFINITY), 'Invalid "N": must be a whole number of at least 3 (got Infinity)', NOTHING_SENT('N'), 0);
			expect(readInteger(readers({}).ctx, 'n', 0, { field: 'N', fallback: 5, min: 3 })).toBe(5);
		});

		it('checks a value already read the same way', () => {
			const spec = { field: 'Page Size', fallback: 50, min: 1, max: 100 };
			expect(checkInteger(readers({}).ctx, '20', 0, spec)).toBe(20);
			expect(checkInteger(readers({}).ctx, '', 0, spec)).toBe(50);
			expectRefused(() => checkInteger(readers({}).ctx, 101, 3, spec), 'Invalid "Page Size": must be a whole number from 1 to 100 (got 101)', NOTHING_SENT('Page Size'), 3);
		});
	});

	describe('readText', () => {
		it('gives text trimmed, numbers as text, "" when not set; refuses objects', () => {
			expect(readText(readers({ t: '  Napa  ' }).ctx, 't', 0, 'City')).toBe('Napa');
			expect(readText(readers({ t: 1e3 }).ctx, 't', 0, 'City')).toBe('1000');
			expect(readText(readers({}).ctx, 't', 0, 'City')).toBe('');
			expectRefused(() => readText(readers({ t: { a: 1 } }).ctx, 't', 0, 'City'), 'Invalid "City": must be text, not an object (got an object)', NOTHING_SENT('City'), 0);
		});
	});

	describe('readIdentifier', () => {
		it('gives the identifier trimmed, and refuses none as required', () => {
			expect(readIdentifier(readers({ id: ' SO-1 ' }).ctx, 'id', 0, 'Order Number')).toBe('SO-1');
			for (const none of [{}, { id: '' }, { id: null }]) {
				expectRefused(() => readIdentifier(readers(none).ctx, 'id', 0, 'Order Number'), 'Invalid "Order Number": is required', NOTHING_SENT('Order Number'), 0);
			}
			// blanks (a mapped cell holding spaces) are left empty, as README says, and refused as none is
			expectRefused(
				() => readIdentifier(readers({ id: '   ' }).ctx, 'id', 0, 'Order Number'),
				'Invalid "Order Number": is required',
				NOTHING_SENT('Order Number'),
				0,
			);
		});

		it('checks the bounds given', () => {
			expect(readIdentifier(readers({ id: 'AB' }).ctx, 'id', 0, 'Code', 3, 2)).toBe('AB');
			expectRefused(() => readIdentifier(readers({ id: 'ABCD' }).ctx, 'id', 0, 'Code', 3, 2), 'Invalid "Code": must be 2 to 3 characters (got "ABCD")', NOTHING_SENT('Code'), 0);
		});
	});
});
