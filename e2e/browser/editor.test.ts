// The editor of the real n8n 2.41.1 in headless Chromium (Debian's chromium, playwright-core from e2e/browser): new
// nodes' panels show no parameter issue before anything is typed beyond the empty required field, the Item Number
// picker lists the sandbox's SKUs, a new node is version 2 and opens on Inventory → Get Status, and the README's
// screenshot (docs/editor-node-panel.png) is taken again. Part of `npm run e2e` on the n8n the other tests share
// (E2E_BROWSER=0 leaves it out); sets up Chromium and playwright-core itself on first use (browser.ts).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { itemDescription, itemNo } from '../../test/sandbox/seed';
import { n8nServer, teardown } from '../lib/context';
import { SANDBOX_CREDENTIAL } from '../lib/examples';
import type { Session } from '../lib/server';
import { openBrowser, openNode, screenshotPanel, signIn, withPicture, type Page } from './browser';

const WORKFLOW_NAME = 'Browser test: new nodes';
const CREATE_NODE = 'Create Sales Order';
const RETIRE_NODE = 'Retire SKU';
const DEFAULTS_NODE = 'Wine Fulfillment';
const TYPE = 'n8n-nodes-wine-fulfillment.wineFulfillment';
/** the version the node creator gives a new node */
const NEW_NODE_VERSION = 2;

/**
 * Nodes as the editor saves them right after they are added: Sales Order → Create and SKU → Retire chosen in the
 * node creator (resource and operation set), and one left as it was dropped in (no parameter set).
 */
function freshNodesWorkflow() {
	const credentials = { wineFulfillmentApi: { id: SANDBOX_CREDENTIAL.id, name: SANDBOX_CREDENTIAL.name } };
	const node = (id: string, name: string, x: number, parameters: Record<string, string>) => ({
		id,
		name,
		type: TYPE,
		typeVersion: NEW_NODE_VERSION,
		position: [x, 0],
		parameters,
		credentials,
	});
	const next = (name: string) => ({ main: [[{ node: name, type: 'main', index: 0 }]] });
	return {
		name: WORKFLOW_NAME,
		nodes: [
			{ id: 'b1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			node('b2', CREATE_NODE, 240, { resource: 'salesOrder', operation: 'create' }),
			node('b3', RETIRE_NODE, 480, { resource: 'sku', operation: 'retire' }),
			node('b4', DEFAULTS_NODE, 720, {}),
		],
		connections: { Start: next(CREATE_NODE), [CREATE_NODE]: next(RETIRE_NODE), [RETIRE_NODE]: next(DEFAULTS_NODE) },
		active: false,
		settings: {},
	};
}

/** The parameters the open panel marks with an issue (n8n outlines them and shows a warning sign), by name. */
const markedParameters = (page: Page) =>
	page
		.locator('[data-test-id="ndv"] .has-issues[data-test-id^="parameter-input-"]')
		.evaluateAll((elements) => elements.map((e) => String(e.getAttribute('data-test-id')).replace('parameter-input-', '')));

/** The value an options parameter of the open panel shows (its label). */
const shownValue = (page: Page, parameter: string) =>
	page.locator(`[data-test-id="ndv"] [data-test-id="parameter-input-${parameter}"] input`).first().inputValue();

/** The open panel's Settings tab line "<node> node version N (Latest)". */
async function shownVersion(page: Page): Promise<string> {
	await page.locator('[data-test-id="ndv"] [data-test-id="tab-settings"]').first().click();
	const line = page.locator('[data-test-id="ndv"] [data-test-id="node-version"]').first();
	await line.waitFor({ timeout: 15_000 });
	const version = await line.innerText();
	await page.locator('[data-test-id="ndv"] [data-test-id="tab-params"]').first().click();
	return version.trim();
}

const BROWSER_SKIP = process.env.E2E_BROWSER === '0' ? 'the browser test left out (E2E_BROWSER=0)' : false;

// stops the shared n8n and sandbox once every file's tests are done (a root-level hook; run.ts also calls it)
after(teardown);

describe('the editor in the real n8n, in headless Chromium', { skip: BROWSER_SKIP }, () => {
	let url = '';
	let session: Session | undefined;
	let workflowId = '';
	let browser: Awaited<ReturnType<typeof openBrowser>> | undefined;
	const page = () => {
		if (!browser) throw new Error('the browser did not start');
		return browser.page;
	};

	before(async () => {
		const server = await n8nServer();
		url = server.n8n.url;
		session = server.session;
		workflowId = (await session.rest<{ id: string }>('POST', '/workflows', freshNodesWorkflow())).id;
		browser = await openBrowser();
		await withPicture(browser.page, 'sign-in', () => signIn(page(), url, WORKFLOW_NAME));
	});

	after(async () => {
		await browser?.close();
		if (session && workflowId) {
			await session.rest('POST', `/workflows/${workflowId}/archive`).catch(() => undefined);
			await session.rest('DELETE', `/workflows/${workflowId}`).catch(() => undefined);
		}
	});

	test('a new Sales Order → Create node marks only its empty required field before anything is typed', () =>
		withPicture(page(), 'create-issues', async () => {
			await openNode(page(), url, workflowId, CREATE_NODE);
			// n8n marks a required field while it is empty (Order Number); nothing optional may show an issue
			assert.deepEqual(await markedParameters(page()), ['orderNo']);
			// an empty optional JSON field must not show a JSON error in its editor
			assert.equal(await page().locator('[data-test-id="ndv"] .cm-lint-marker-error').count(), 0, 'a JSON editor shows an error');
		}));

	test("the Item Number picker lists the sandbox's SKUs", () =>
		withPicture(page(), 'picker', async () => {
			await openNode(page(), url, workflowId, RETIRE_NODE);
			assert.deepEqual(await markedParameters(page()), ['itemNo'], 'only the empty required Item Number is marked');
			const picker = page().locator('[data-test-id="ndv"] [data-test-id="resource-locator-itemNo"]').first();
			await picker.waitFor({ timeout: 15_000 });
			await picker.locator('[data-test-id="rlc-input"]').first().click();
			const items = page().locator('[data-test-id="rlc-item"]');
			await items.first().waitFor({ timeout: 30_000 });
			const texts = await items.allInnerTexts();
			assert.ok(
				texts.some((text) => text.includes(`${itemNo(0)} (${itemDescription(0)})`)),
				`the picker lists: ${texts.slice(0, 5).join(' | ')}`,
			);
		}));

	test('a node left at its defaults (version 2) opens on Inventory → Get Status, with no issue', () =>
		withPicture(page(), 'defaults', async () => {
			await openNode(page(), url, workflowId, DEFAULTS_NODE);
			assert.equal(await shownValue(page(), 'resource'), 'Inventory');
			assert.equal(await shownValue(page(), 'operation'), 'Get Status');
			assert.deepEqual(await markedParameters(page()), []);
			assert.match(await shownVersion(page()), new RegExp(`node version ${NEW_NODE_VERSION} \\(Latest\\)$`));
		}));

	test('docs/editor-node-panel.png: the store-orders example’s Create Sales Order panel, its Shipment inside Additional Fields', () =>
		withPicture(page(), 'screenshot', async () => {
			const file = await screenshotPanel(page(), url);
			process.stdout.write(`screenshot: ${file}\n`);
			// version 2 keeps the optional groups in Additional Fields: the example's shipment shows there, with no issue
			assert.equal(await shownValue(page(), 'shippingCarrier'), 'United Parcel Service (UPS)');
			assert.equal(await shownValue(page(), 'shippingCarrierService'), 'Ground (GRND)');
			assert.deepEqual(await markedParameters(page()), []);
		}));

	// last: it leaves the workflow with an unsaved node
	test('the node creator adds the Wine Fulfillment node as version 2', () =>
		withPicture(page(), 'node-creator', async () => {
			await page().goto(`${url}/workflow/${workflowId}`, { waitUntil: 'networkidle' });
			await page().locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 60_000 });
			await page().locator('[data-test-id="node-creator-plus-button"]').click();
			await page().locator('[data-test-id="node-creator-search-bar"]').first().waitFor({ timeout: 15_000 });
			await page().keyboard.type('Wine Fulfillment');
			// the entry with the action node's actions (the webhook trigger is listed on its own)
			await page().locator('[data-test-id="node-creator-action-item"]', { hasText: 'Wine Fulfillment' }).first().click();
			await page()
				.locator('[data-test-id="node-creator"] [data-test-id="item-iterator-item"]', { hasText: /^Get inventory status per SKU and warehouse$/ })
				.first()
				.click();
			await page().locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
			assert.equal(await shownValue(page(), 'resource'), 'Inventory');
			assert.equal(await shownValue(page(), 'operation'), 'Get Status');
			assert.match(await shownVersion(page()), new RegExp(`node version ${NEW_NODE_VERSION} \\(Latest\\)$`));
		}));
});
