// The Item Number picker's listSearch (methods/listSearch.ts), called as n8n's editor calls it: a LoadOptionsContext
// for the node, the real credential type, against the sandbox.
import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type INode, type INodeListSearchResult } from 'n8n-workflow';

import { methods } from '../../nodes/WineFulfillment/methods';
import { SKU_PAGE_SIZE, SKU_PAGES_PER_SEARCH, SKU_RESULTS_WANTED } from '../../nodes/WineFulfillment/methods/listSearch';
import { ACTION_TYPE, NodeTypes, additionalData } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, CREDENTIAL_ID } from '../harness/workflows';
import { itemDescription, itemNo } from '../sandbox/seed';

/** 24 inventory records per item (test/sandbox/seed.ts): this many SKUs fill more pages than one search reads. */
const SKUS = SKU_PAGE_SIZE * SKU_PAGES_PER_SEARCH + 300;
const fx = useSandbox({ inventoryRecords: SKUS * 24 });

const nodeTypes = new NodeTypes();

/** Calls the node's registered listSearch method the way n8n's DynamicNodeParametersService does. */
async function search(filter?: string, token?: string, overrides = {}): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'n1',
		name: ACTION_NODE,
		type: ACTION_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: { resource: 'sku', operation: 'retire', itemNo: { __rl: true, mode: 'list', value: '' } },
		credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
	};
	const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, active: false, nodeTypes });
	const data = additionalData(fx.credential(overrides));
	data.currentNodeParameters = node.parameters;
	const context = new LoadOptionsContext(workflow, node, data, 'parameters.itemNo');
	const type = nodeTypes.getByNameAndVersion(ACTION_TYPE);
	const method = type.methods?.listSearch?.searchSkus ?? methods.listSearch.searchSkus;
	return await method.call(context, filter, token);
}

describe('Item Number picker: listSearch searchSkus', () => {
	it('is registered on the node under the name the Item Number locators call', () => {
		expect(nodeTypes.getByNameAndVersion(ACTION_TYPE).methods?.listSearch?.searchSkus).toBe(methods.listSearch.searchSkus);
	});

	it('lists the SKUs by item number with the description beside it, pages on with the token, each SKU once', async () => {
		const first = await search();
		expect(first.results[0]).toEqual({ name: `${itemNo(0)} (${itemDescription(0)})`, value: itemNo(0) });
		expect(first.paginationToken).toBe('2');
		const seen = [...first.results];
		let token = first.paginationToken;
		while (token) {
			const next = await search(undefined, String(token));
			seen.push(...next.results);
			token = next.paginationToken;
		}
		const values = seen.map((r) => r.value);
		expect(values).toEqual(Array.from({ length: SKUS }, (_, i) => itemNo(i)));
		const sent = await fx.control.requests('GetSellable');
		expect(sent.map((r) => r.body)).toEqual(
			Array.from({ length: Math.ceil(SKUS / SKU_PAGE_SIZE) }, (_, i) => ({
				IncludeUnavailableItems: true,
				PageNumber: i + 1,
				PageSize: SKU_PAGE_SIZE,
			})),
		);
		expect(sent.every((r) => r.authShape === 'Authentication' && r.status === 200)).toBe(true);
	});

	it('keeps the SKUs whose number or description holds the search text, in any case', async () => {
		const wanted = Array.from({ length: SKUS }, (_, i) => i).filter((i) => itemDescription(i).startsWith('Riesling '));
		const found: string[] = [];
		let token: string | number | undefined;
		do {
			const page = await search('rIESLING', token === undefined ? undefined : String(token));
			found.push(...page.results.map((r) => String(r.value)));
			token = page.paginationToken;
		} while (token);
		expect(wanted.length).toBeGreaterThan(SKU_RESULTS_WANTED);
		expect(found).toEqual(wanted.map(itemNo));
	});

	it('reads at most its page budget per call when little matches, and hands back where to go on', async () => {
		const target = itemNo(SKUS - 1);
		const first = await search(target.toLowerCase());
		expect(first).toEqual({ results: [], paginationToken: String(SKU_PAGES_PER_SEARCH + 1) });
		expect(await fx.control.requests('GetSellable')).toHaveLength(SKU_PAGES_PER_SEARCH);
		const last = await search(target, first.paginationToken as string);
		expect(last).toEqual({ results: [{ name: `${target} (${itemDescription(SKUS - 1)})`, value: target }] });
	});

	it('says what to fix when the credential is refused, without the secrets', async () => {
		const error = await search('x', undefined, { accessToken: 'wrong-token-123' }).catch((e: Error) => e);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/401|credential|refused|authori[sz]/i);
		expect(JSON.stringify(error)).not.toContain('wrong-token-123');
	});
});
