// How a query operation reads its Simplify parameter (actions/simplify.ts simplifier): on unless set off.
import type { IDataObject } from 'n8n-workflow';

import { simplifier } from '../../nodes/WineFulfillment/actions/simplify';
import { fakeExecute } from './fakeExecute';

const shape = (record: IDataObject, zone: string): IDataObject => ({ shaped: record.id, zone });

describe('simplifier: the Simplify parameter of one input item', () => {
	it.each([
		['absent', {}],
		['empty from an expression', { simplify: '' }],
		['null from an expression', { simplify: null }],
	])('%s, it is on: records are shaped in the workflow\'s time zone', (_case, params) => {
		const { ctx } = fakeExecute({ params: params as IDataObject });
		const simplify = simplifier(ctx, 0, shape);
		expect(simplify?.({ id: 7 })).toEqual({ shaped: 7, zone: 'UTC' });
	});

	it.each([false, 'false', 'no', '0'])('set off (%p), records are put out as sent', (value) => {
		const { ctx } = fakeExecute({ params: { simplify: value } });
		expect(simplifier(ctx, 0, shape)).toBeUndefined();
	});

	it('refuses a value that is no boolean, naming the field', () => {
		const { ctx } = fakeExecute({ params: { simplify: 'maybe' } });
		expect(() => simplifier(ctx, 3, shape)).toThrow(/^Invalid "Simplify": /);
	});
});
