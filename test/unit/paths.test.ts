// Wire paths in the panel's words, for the node's own checks and the provider's refusals.
import { ORDER_LABELS } from '../../nodes/WineFulfillment/actions/salesOrder/fields';
import { fieldOf, inPanelWords } from '../../nodes/WineFulfillment/wire/paths';

describe('wire paths in the panel\'s words', () => {
	it('names a list element by its line, from 1, and its member by the panel label', () => {
		expect(fieldOf(['ItemsInfo', 0, 'ItemNo'], ORDER_LABELS)).toBe('Items line 1 → Item Number');
		expect(fieldOf(['ItemsInfo', 2], ORDER_LABELS)).toBe('Items line 3');
		expect(fieldOf(['RecipientContactInfo', 'ZipCode'], ORDER_LABELS)).toBe('Recipient (Ship-To) → ZIP Code');
	});

	it('names a list inside an object by its dotted key, and an unlabelled member of a line by its dotted keys', () => {
		expect(fieldOf(['Order', 'Lines', 0, 'Sku'], {})).toBe('Order.Lines line 1 → Sku');
		expect(fieldOf(['Order', 'Lines', 1], { 'Order.Lines': 'Order Lines' })).toBe('Order Lines line 2');
		expect(fieldOf(['ItemsInfo', 0, 'Ship', 'Zip'], ORDER_LABELS)).toBe('Items line 1 → Ship.Zip');
	});

	it('names only the first list\'s line: a member inside a list of that line is named by its keys, as labels key it', () => {
		expect(fieldOf(['ItemsInfo', 0, 'Lots', 1, 'LotNo'], ORDER_LABELS)).toBe('Items line 1 → Lots.LotNo');
	});

	it.each([
		['ItemsInfo[0]: ItemNo is required', 'Items line 1 → Item Number is required'],
		['ItemsInfo[1]: Item WINE-9 cannot be ordered', 'Items line 2: Item WINE-9 cannot be ordered'],
		['RecipientContactInfo.ZipCode must be at most 10 characters', 'Recipient (Ship-To) → ZIP Code must be at most 10 characters'],
		['RecipientContactInfo: ZipCode is required', 'Recipient (Ship-To) → ZIP Code is required'],
		['The Order was refused. Try Again', 'The Order was refused. Try Again'],
		['Unknown[0]: Thing is wrong', 'Unknown[0]: Thing is wrong'],
		['ItemsInfo[11]: ItemNo is required', 'Items line 12 → Item Number is required'],
		['ItemsInfo[1].Colour is wrong', 'Items line 2 → Colour is wrong'],
		['ItemsInfo[0].Colour.Shade is wrong', 'Items line 1 → Colour.Shade is wrong'],
		['RecipientContactInfo.Colour is wrong', 'RecipientContactInfo.Colour is wrong'],
	])('%s → %s', (said, shown) => {
		expect(inPanelWords(said, ORDER_LABELS)).toBe(shown);
	});
});
