// SKU → Create with Send Once: the SKU a run is recorded as is the item number actually sent, also when the Additional
// Fields (JSON) set it (a record keyed by the Item Number field made a second SKU come out as already sent, never created).
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const create = (itemNo: string, json: string) =>
	fx.run(
		actionWorkflow({
			resource: 'sku',
			operation: 'create',
			itemNo,
			itemCategory: 'Merchandise',
			requestorFirstName: 'Ana',
			requestorLastName: 'Reyes',
			requestorEmail: 'ana.reyes@example.com',
			additionalJson: json,
			sendOnce: true,
		} as INodeParameters),
	);

describe('SKU → Create, sent once by the item number it sends', () => {
	it('two SKUs whose Additional Fields (JSON) set different item numbers are both created; a re-run of one is already sent', async () => {
		const a = await create('FIELD-1', '{"SKUInfo": {"ItemNo": "JSON-A"}}');
		const b = await create('FIELD-1', '{"SKUInfo": {"ItemNo": "JSON-B"}}');
		const again = await create('FIELD-2', '{"SKUInfo": {"ItemNo": "JSON-A"}}');
		expect([a.error, b.error, again.error]).toEqual([undefined, undefined, undefined]);
		expect([a, b, again].map((run) => [out(run)[0].json.ItemNo, out(run)[0].json.alreadySent ?? false])).toEqual([
			['JSON-A', false],
			['JSON-B', false],
			['JSON-A', true],
		]);
		expect((await fx.control.requests('CreateSKU')).map((r) => (r.body.SKUInfo as { ItemNo: string }).ItemNo)).toEqual([
			'JSON-A',
			'JSON-B',
		]);
	});

	it('refuses an item number left blank by both, before anything is recorded or sent', async () => {
		const run = await create('  ', '{}');
		expect(run.error?.message).toContain('Item Number');
		expect(await fx.control.requests('CreateSKU')).toHaveLength(0);
	});
});
