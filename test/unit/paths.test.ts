// Wire paths in the panel's words, for the node's own checks and the provider's refusals.
import { ORDER_LABELS } from '../../nodes/WineFulfillment/actions/salesOrder/fields';
import { fieldOf, inPanelWords } from '../../nodes/WineFulfillment/wire/paths';

describe('wire paths in the panel\'s words', () => {
	it('names a list element by its line, from 1, and its member by the panel label', () => {
		expect(fieldOf(['ItemsInfo', 0, 'ItemNo'], ORDER_LABELS)).toBe('Items line 1 → Item Number');
		expect(fieldOf(['ItemsInfo', 2], ORDER_LABELS)).toBe('Items line 3');
		expect(fieldOf(['RecipientContactInfo', 'ZipCode'], ORDER_LABELS)).toBe('Recipient (Ship-To) → ZIP Code');
	});

	it.each([
		['ItemsInfo[0]: ItemNo is required', 'Items line 1 → Item Number is required'],
		['ItemsInfo[1]: Item WINE-9 cannot be ordered', 'Items line 2: Item WINE-9 cannot be ordered'],
		['RecipientContactInfo.ZipCode must be at most 10 characters', 'Recipient (Ship-To) → ZIP Code must be at most 10 characters'],
		['RecipientContactInfo: ZipCode is required', 'Recipient (Ship-To) → ZIP Code is required'],
		['The Order was refused. Try Again', 'The Order was refused. Try Again'],
		['Unknown[0]: Thing is wrong', 'Unknown[0]: Thing is wrong'],
	])('%s → %s', (said, shown) => {
		expect(inPanelWords(said, ORDER_LABELS)).toBe(shown);
	});
});
