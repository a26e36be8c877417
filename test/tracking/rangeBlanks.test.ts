// Get Packages: a range end of only blanks (a mapped cell holding spaces) is left empty, as in every other field (bug
// hunt 11: its own pair reader took only '' and null for empty and refused blanks as "must be a date").
import type { INodeParameters } from 'n8n-workflow';

import { actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const getPackages = (filters: INodeParameters) =>
	actionWorkflow({ resource: 'tracking', operation: 'getPackages', simplify: false, returnAll: true, filters }, { typeVersion: 2 });

describe('Tracking → Get Packages: a date range of blanks is left empty', () => {
	it.each([
		['empty texts', { shipDateFrom: '', shipDateTo: '' }],
		['blanks', { shipDateFrom: '  ', shipDateTo: '  ' }],
		['blanks from expressions', { shipDateFrom: '={{ "   " }}', shipDateTo: '={{ " " }}' }],
		['Last Activity of blanks', { lastActivityFrom: ' ', lastActivityTo: ' ', shippingCarrier: 'UPS' }],
	])('%s: no Ship Date Range, the default activity window goes out', async (_case, filters) => {
		const result = await fx.run(getPackages(filters));
		expect(result.error).toBeUndefined();
		const [sent] = await fx.control.requests('GetPackages');
		expect(sent.body.ShipDateRange).toBeUndefined();
		expect(sent.body.LastActivityDateRange).toMatch(/^\d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d - \d\d\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
	});

	it('a From with a To of blanks is a From alone: the To is asked for, nothing is sent', async () => {
		const blank = await fx.run(getPackages({ shipDateFrom: '2026-01-05T00:00:00Z', shipDateTo: '   ' }));
		const alone = await fx.run(getPackages({ shipDateFrom: '2026-01-05T00:00:00Z' }));
		expect(blank.error?.message).toBe('Invalid "Ship Date To": is required: a range needs both a From and a To date');
		expect(alone.error?.message).toBe(blank.error?.message);
		expect(await fx.control.requests('GetPackages')).toEqual([]);
	});
});
