// A list given as text in brackets that is no JSON list ("[CAB-2019, PINOT-2021]" as a sheet cell or a log line holds
// it, Python's "['CAB-2019', 'PINOT-2021']", a JSON list cut short) was split at its commas with the brackets and quotes
// left on the entries (bug hunt 34): Get Status asked for "[CAB-2019" and "PINOT-2021]", found nothing, and output no
// items without a word, an inventory report saying nothing is in stock. It is refused now, naming the field, before
// anything is sent (wire/values.ts listValue).
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';

const fx = useSandbox({ inventoryRecords: 48 });

const items = () => [fx.sandbox.state.inventory[0].ItemNo, fx.sandbox.state.inventory[30].ItemNo];
const RULE = 'starts with "[" but is no JSON list: write ["A", "B"] (each entry in double quotes), or A, B';

describe('list text in brackets that is no JSON list', () => {
	it.each([
		['bracketed text', (a: string, b: string) => `[${a}, ${b}]`],
		['a Python-style list', (a: string, b: string) => `['${a}', '${b}']`],
		['a JSON list cut short', (a: string, b: string) => ` ["${a}", "${b}"`],
	])('Inventory → Get Status Item Numbers as %s: refused naming the field, nothing sent', async (_form, text) => {
		const [a, b] = items();
		const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getStatus', itemNumbers: text(a, b), limit: 5 }));
		expect(result.error?.message).toBe(`Invalid "Item Numbers": ${RULE} (got ${JSON.stringify(text(a, b))})`);
		expect(await fx.control.requests('GetStatus')).toHaveLength(0);
	});

	it('Tracking → Get Packages Order Numbers as bracketed text: refused naming the field, nothing sent', async () => {
		const result = await fx.run(
			actionWorkflow({ resource: 'tracking', operation: 'getPackages', filters: { orderNumbers: '[SO-000001, SO-000002]' }, limit: 5 }),
		);
		expect(result.error?.message).toBe(`Invalid "Order Numbers": ${RULE} (got "[SO-000001, SO-000002]")`);
		expect(await fx.control.requests('GetPackages')).toHaveLength(0);
	});

	it('the same entries as a JSON list or as text: their records', async () => {
		const [a, b] = items();
		for (const itemNumbers of [JSON.stringify([a, b]), `${a}, ${b}`]) {
			const result = await fx.run(actionWorkflow({ resource: 'inventory', operation: 'getStatus', itemNumbers, includeUnavailableItems: true, returnAll: true }));
			expect(result.error).toBeUndefined();
			expect(new Set(result.output(ACTION_NODE).map((i) => i.json.ItemNo ?? i.json.itemNo))).toEqual(new Set([a, b]));
		}
	});
});
