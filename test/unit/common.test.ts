// The operations' shared helpers called directly: list parameters (readList), compacting, the JSON escape hatch merge, hints, items.
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { z } from 'zod';

import {
	additionalJson,
	compact,
	hintUnknownWarehouses,
	itemsFor,
	validateBody,
	withAdditionalJson,
} from '../../nodes/WineFulfillment/actions/common';
import { readList } from '../../nodes/WineFulfillment/actions/parameters';

const node: INode = {
	id: 'n1',
	name: 'Wine Fulfillment',
	type: 'n8n-nodes-wine-fulfillment.wineFulfillment',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
};

/** Just what the helpers use of n8n's execute context: the node, one parameter, execution hints. */
function context(additionalJsonValue: unknown = '') {
	const hints: Array<{ message: string; location?: string }> = [];
	const ctx = {
		getNode: () => node,
		getNodeParameter: (name: string, _itemIndex: number, fallback?: unknown) =>
			name === 'additionalJson' ? additionalJsonValue : fallback,
		addExecutionHints: (...added: Array<{ message: string; location?: string }>) => hints.push(...added),
		getTimezone: () => 'UTC',
	} as unknown as IExecuteFunctions;
	return { ctx, hints };
}

describe('readList', () => {
	const toList = (value: unknown) => readList(context().ctx, value, 3, 'Order Numbers');
	const refused = (value: unknown) => {
		try {
			toList(value);
		} catch (error) {
			return error as NodeOperationError;
		}
		throw new Error(`${JSON.stringify(value)} was read`);
	};

	it('splits text on commas, semicolons and new lines, trimming and dropping empty entries', () => {
		expect(toList('A1, B2;C3\nD4 ,, ;\n')).toEqual(['A1', 'B2', 'C3', 'D4']);
		expect(toList('  one  ')).toEqual(['one']);
		// text from a sheet stays text
		expect(toList('false')).toEqual(['false']);
		expect(toList('1e3')).toEqual(['1e3']);
	});

	it('takes an array from an expression as it is, each entry as trimmed text; null and undefined entries dropped', () => {
		expect(toList([' A ', 12, '', 'B,C'])).toEqual(['A', '12', 'B,C']);
		expect(toList(['A', null, undefined, 'B'])).toEqual(['A', 'B']);
	});

	// bug hunt 11: '["SO-1","SO-2"]' (an expression's JSON.stringify, a cell holding JSON) was split at its commas and
	// sent as the order numbers '["SO-1"' and '"SO-2"]'
	// bug hunt 34: text only looking like one ('[SO-1, SO-2]') went out as '[SO-1' and 'SO-2]': refused now
	it('reads text holding a JSON list as that list; text in brackets that is no JSON list is refused', () => {
		expect(toList('["SO-1","SO-2"]')).toEqual(['SO-1', 'SO-2']);
		expect(toList(' [ " A " , 12, null ] ')).toEqual(['A', '12']);
		expect(toList('[]')).toEqual([]);
		expect(refused('[SO-1, SO-2]').message).toBe(
			'Invalid "Order Numbers": starts with "[" but is no JSON list: write ["A", "B"] (each entry in double quotes), or A, B (got "[SO-1, SO-2]")',
		);
		expect(toList('SO-1], SO-2')).toEqual(['SO-1]', 'SO-2']);
		expect(refused('[{"id":"A1"}]').message).toBe('Invalid "Order Numbers": must be text or a list of text: entry 1 is an object (got "[{\\"id\\":\\"A1\\"}]")');
	});

	it('is empty for nothing', () => {
		for (const nothing of [undefined, null, '', '  ', [], [null], ['', ' ']]) expect(toList(nothing)).toEqual([]);
	});

	it('reads a number as one entry', () => {
		expect(toList(10001)).toEqual(['10001']);
		expect(toList(0)).toEqual(['0']);
	});

	it('refuses an object, a boolean or a non-finite number, whole or as an entry, naming the field and the entry', () => {
		const cases: Array<[unknown, string]> = [
			[{ id: 'A1' }, 'Invalid "Order Numbers": must be text or a list of text (got an object)'],
			[true, 'Invalid "Order Numbers": must be text or a list of text (got true)'],
			[Number.NaN, 'Invalid "Order Numbers": must be text or a list of text (got NaN)'],
			[['A1', { id: 'B2' }], 'Invalid "Order Numbers": must be text or a list of text: entry 2 is an object (got a list)'],
			[['A1', ['B2']], 'Invalid "Order Numbers": must be text or a list of text: entry 2 is a list (got a list)'],
			[[false], 'Invalid "Order Numbers": must be text or a list of text: entry 1 is false (got a list)'],
			[['A1', null, Infinity], 'Invalid "Order Numbers": must be text or a list of text: entry 3 is Infinity (got a list)'],
		];
		for (const [value, message] of cases) {
			const error = refused(value);
			expect(error).toBeInstanceOf(NodeOperationError);
			expect([error.message, error.description, (error.context as { itemIndex?: number }).itemIndex]).toEqual([
				message,
				'Nothing was sent to the provider. Correct "Order Numbers" and run again.',
				3,
			]);
		}
	});
});

describe('compact', () => {
	it('drops undefined, null, empty or blank text and empty lists, and keeps everything else', () => {
		const body = {
			a: undefined,
			b: null,
			c: '',
			d: [],
			e: 0,
			f: false,
			g: ' ',
			h: [''],
			i: {},
			j: 'x',
		} as unknown as IDataObject;
		// g: text of only blanks counts as left empty (a mapped cell holding spaces)
		expect(compact(body)).toEqual({ e: 0, f: false, h: [''], i: {}, j: 'x' });
	});

	it('keeps the members in their order and does not change the body it was given', () => {
		const body: IDataObject = { z: 1, a: '', y: 2 };
		expect(Object.keys(compact(body))).toEqual(['z', 'y']);
		expect(body).toEqual({ z: 1, a: '', y: 2 });
	});

	it('is shallow: nested objects are left as they are', () => {
		expect(compact({ o: { empty: '' } })).toEqual({ o: { empty: '' } });
	});
});

describe('additionalJson', () => {
	const parse = (raw: unknown) => additionalJson(context().ctx, raw, 3);

	it('is empty when not given', () => {
		expect(parse(undefined)).toEqual({});
		expect(parse(null)).toEqual({});
		expect(parse('')).toEqual({});
	});

	it('parses JSON text, and takes an object from an expression as it is', () => {
		expect(parse('{"A": 1, "B": {"C": [1, 2]}}')).toEqual({ A: 1, B: { C: [1, 2] } });
		const object = { A: 'x' };
		expect(parse(object)).toBe(object);
	});

	it.each([
		['a list', '[1, 2]'],
		['a list from an expression', [1, 2]],
		['text that is not JSON', '{A: 1'],
		['a JSON string', '"text"'],
		['a JSON number', '12'],
		['JSON null', 'null'],
		['a number', 12],
	])('refuses %s, naming the field and the item', (_case, raw) => {
		let error: unknown;
		try {
			parse(raw);
		} catch (e) {
			error = e;
		}
		expect(error).toBeInstanceOf(NodeOperationError);
		const e = error as NodeOperationError;
		expect(e.message).toBe('Invalid "Additional Fields (JSON)": must be a JSON object');
		expect(e.description).toContain('Nothing was sent');
		expect(e.context.itemIndex).toBe(3);
	});
});

describe('withAdditionalJson', () => {
	const merge = (body: IDataObject, extra: unknown) => withAdditionalJson(context(extra).ctx, body, 0);

	it('adds members the node does not list', () => {
		expect(merge({ A: 1 }, '{"B": 2}')).toEqual({ A: 1, B: 2 });
	});

	it('merges nested objects member by member', () => {
		expect(merge({ Info: { A: 1, B: 2 }, Other: 'x' }, { Info: { B: 3, C: 4 } })).toEqual({
			Info: { A: 1, B: 3, C: 4 },
			Other: 'x',
		});
	});

	it('replaces a list whole, never element by element', () => {
		expect(merge({ ItemNumbers: ['A', 'B', 'C'] }, { ItemNumbers: ['Z'] })).toEqual({ ItemNumbers: ['Z'] });
		expect(merge({ Items: [{ ItemNo: 'A', Qty: 1 }, { ItemNo: 'B' }] }, { Items: [{ ItemNo: 'C' }] })).toEqual({
			Items: [{ ItemNo: 'C' }],
		});
		expect(merge({ Nested: { Lines: ['a', 'b'] } }, { Nested: { Lines: [] } })).toEqual({ Nested: { Lines: [] } });
	});

	it('replaces values, also of another type', () => {
		expect(merge({ A: { B: 1 }, C: 'x', D: [1] }, { A: 'flat', C: { now: 'object' }, D: 'text' })).toEqual({
			A: 'flat',
			C: { now: 'object' },
			D: 'text',
		});
	});

	it('leaves the body and the extra members it was given unchanged', () => {
		const body: IDataObject = { Info: { A: 1 }, List: ['a'] };
		const extra: IDataObject = { Info: { B: 2 }, List: ['b'] };
		const merged = merge(body, extra);
		expect(body).toEqual({ Info: { A: 1 }, List: ['a'] });
		expect(extra).toEqual({ Info: { B: 2 }, List: ['b'] });
		expect(merged.Info).not.toBe(body.Info);
	});

	it('without extra members, returns a copy of the body', () => {
		const body: IDataObject = { A: { B: 1 } };
		const merged = merge(body, '');
		expect(merged).toEqual(body);
		expect(merged).not.toBe(body);
	});

	it('refuses extra members that are not an object', () => {
		expect(() => merge({ A: 1 }, '[1]')).toThrow('Invalid "Additional Fields (JSON)": must be a JSON object');
	});
});

describe('hintUnknownWarehouses', () => {
	it('adds one output-pane hint per code the interface does not list, naming the field and the code', () => {
		const { ctx, hints } = context();
		hintUnknownWarehouses(ctx, 'Warehouse', ['APC01', 'CE201', undefined, '', 7, 'WOX01', 'XYZ99']);
		expect(hints).toEqual([
			{ message: 'Warehouse "CE201" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).', location: 'outputPane' },
			{ message: 'Warehouse "XYZ99" is not one of the interface\'s current warehouse codes; it is kept as given (the provider may still take an older code).', location: 'outputPane' },
		]);
	});

	it('adds nothing for known codes', () => {
		const { ctx, hints } = context();
		hintUnknownWarehouses(ctx, 'Receive To Location', ['APC01', 'APC02', 'COB01', 'COB02', 'ETC01', 'MMC01', 'PRB02', 'PRB04', 'SJU01', 'TWL01', 'VCX01', 'WOX01']);
		expect(hints).toEqual([]);
	});
});

describe('itemsFor', () => {
	it('makes one item per record, each paired with the input item', () => {
		const records = [{ A: 1 }, { A: 2 }];
		expect(itemsFor(records, 4)).toEqual([
			{ json: { A: 1 }, pairedItem: { item: 4 } },
			{ json: { A: 2 }, pairedItem: { item: 4 } },
		]);
		expect(itemsFor([], 0)).toEqual([]);
	});
});

describe('validateBody', () => {
	const refusal = (schema: z.ZodTypeAny, body: unknown, labels: Record<string, string> = {}) => {
		try {
			validateBody(context().ctx, schema, body, labels, 2);
		} catch (error) {
			return error as NodeOperationError;
		}
		throw new Error('the body was accepted');
	};

	it("zod's own messages in the node's words, with the field's label and the value given", () => {
		const schema = z.object({ Info: z.object({ Kind: z.enum(['A', 'B']), Count: z.number() }) });
		expect(refusal(schema, { Info: { Kind: 'C', Count: 1 } }, { 'Info.Kind': 'Kind' }).message).toBe('Invalid "Kind": must be one of A, B (got "C")');
		expect(refusal(schema, { Info: { Kind: 'A', Count: 'x' } }, { 'Info.Count': 'Count' }).message).toBe('Invalid "Count": must be a number (got "x")');
		expect(refusal(schema, { Info: { Kind: 'A' } }, { 'Info.Count': 'Count' }).message).toBe('Invalid "Count": is required');
	});

	it("a schema's own message for a value outside its list is kept as the schema words it", () => {
		const schema = z.object({ Kind: z.enum(['A', 'B'], { errorMap: () => ({ message: 'is required and must be A or B' }) }) });
		const error = refusal(schema, { Kind: 'C' }, { Kind: 'Kind' });
		expect(error.message).toBe('Invalid "Kind": is required and must be A or B (got "C")');
		expect(error.context.itemIndex).toBe(2);
	});
});
