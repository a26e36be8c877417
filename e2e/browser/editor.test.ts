// The editor in a real n8n, driven through Debian's chromium with playwright-core (installed in e2e/browser): a new
// Sales Order → Create node shows no parameter issue before anything is typed, and the Item Number picker lists the
// sandbox's SKUs. Run: `npm install` in e2e/browser, apt-get install -y chromium, tsc, then
// `node --test .work/tsc/e2e/browser/editor.test.js` (its own ports, user folder .work/browser-editor and sandbox).
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';

import { startSandbox, type Sandbox } from '../../test/sandbox/server';
import { itemDescription, itemNo } from '../../test/sandbox/seed';
import { SANDBOX_CREDENTIAL, sandboxCredential } from '../lib/examples';
import { ensureN8n, importInto, n8nEnv, packPackage, prepareUserFolder, ROOT } from '../lib/n8n';
import { ensureOwner, freePort, OWNER, serverEnv, startN8n, type N8nServer } from '../lib/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const USER_FOLDER = join(ROOT, '.work', 'browser-editor');
const WORKFLOW_ID = 'wfBrowserEditor1';
const CREATE_NODE = 'Create Sales Order';
const RETIRE_NODE = 'Retire SKU';

/** The few playwright-core calls used here (the package is installed only in e2e/browser, not for the typecheck). */
interface Locator {
	first(): Locator;
	nth(index: number): Locator;
	count(): Promise<number>;
	fill(value: string): Promise<void>;
	click(options?: { timeout?: number }): Promise<void>;
	dblclick(options?: { timeout?: number }): Promise<void>;
	waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
	allInnerTexts(): Promise<string[]>;
	locator(selector: string, options?: { hasText?: string }): Locator;
	evaluateAll<R>(run: (elements: Array<{ getAttribute(name: string): string | null }>) => R): Promise<R>;
}
interface Page {
	goto(url: string, options?: { waitUntil?: string }): Promise<unknown>;
	locator(selector: string, options?: { hasText?: string }): Locator;
	keyboard: { press(key: string): Promise<void> };
	waitForTimeout(ms: number): Promise<void>;
	screenshot(options: { path: string; type?: string }): Promise<Buffer>;
}
interface BrowserContext {
	newPage(): Promise<Page>;
	close(): Promise<void>;
}
interface Chromium {
	launchPersistentContext(
		userDataDir: string,
		options: { executablePath: string; headless: boolean; args: string[]; viewport: { width: number; height: number } },
	): Promise<BrowserContext>;
}

function playwright(): { chromium: Chromium } {
	if (!existsSync(join(ROOT, 'e2e', 'browser', 'node_modules', 'playwright-core'))) {
		throw new Error('playwright-core is not installed: run `npm install` in e2e/browser first');
	}
	return createRequire(join(ROOT, 'e2e', 'browser', 'package.json'))('playwright-core') as { chromium: Chromium };
}

/** A workflow as an editor user leaves it right after adding the two nodes: only resource and operation chosen. */
function freshNodesWorkflow() {
	const credentials = { wineFulfillmentApi: { id: SANDBOX_CREDENTIAL.id, name: SANDBOX_CREDENTIAL.name } };
	const type = 'n8n-nodes-wine-fulfillment.wineFulfillment';
	return {
		id: WORKFLOW_ID,
		name: 'Browser test: new nodes',
		nodes: [
			{ id: 'b1', name: 'Start', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} },
			{ id: 'b2', name: CREATE_NODE, type, typeVersion: 1, position: [240, 0], parameters: { resource: 'salesOrder', operation: 'create' }, credentials },
			{ id: 'b3', name: RETIRE_NODE, type, typeVersion: 1, position: [480, 0], parameters: { resource: 'sku', operation: 'retire' }, credentials },
		],
		connections: {
			Start: { main: [[{ node: CREATE_NODE, type: 'main', index: 0 }]] },
			[CREATE_NODE]: { main: [[{ node: RETIRE_NODE, type: 'main', index: 0 }]] },
		},
		active: false,
		settings: {},
	};
}

let sandbox: Sandbox | undefined;
let n8n: N8nServer | undefined;
let browser: BrowserContext | undefined;
let page: Page;
const profile = mkdtempSync(join(tmpdir(), 'wf-chromium-'));

before(async () => {
	if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
	const { chromium } = playwright();
	ensureN8n();
	rmSync(USER_FOLDER, { recursive: true, force: true });
	mkdirSync(USER_FOLDER, { recursive: true });
	prepareUserFolder(USER_FOLDER, packPackage());
	sandbox = await startSandbox({ port: await freePort(), inventoryRecords: 240, seed: 1 });
	const env = n8nEnv(USER_FOLDER, serverEnv(await freePort(), await freePort()));
	try {
		importInto('credentials', [sandboxCredential(sandbox.baseUrl)], env);
		importInto('workflow', [freshNodesWorkflow()], env);
	} finally {
		// the import files hold the credential in plain text
		for (const name of readdirSync(USER_FOLDER)) if (name.startsWith('import-')) rmSync(join(USER_FOLDER, name), { force: true });
	}
	n8n = await startN8n(env, join(USER_FOLDER, 'n8n.log'));
	await ensureOwner(n8n.url);
	browser = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		viewport: { width: 1400, height: 900 },
	});
	page = await browser.newPage();
	await page.goto(`${n8n.url}/signin`, { waitUntil: 'networkidle' });
	await page.locator('input[type="email"]').fill(OWNER.email);
	await page.locator('input[type="password"]').fill(OWNER.password);
	await page.keyboard.press('Enter');
	await page.locator('text=Browser test: new nodes').first().waitFor({ timeout: 60_000 });
});

after(async () => {
	await browser?.close().catch(() => undefined);
	await n8n?.stop();
	await sandbox?.close();
	rmSync(profile, { recursive: true, force: true });
});

/** Opens a node's panel from the canvas; a failure leaves a picture of the page in .work. */
async function openNode(name: string): Promise<void> {
	await page.goto(`${n8n!.url}/workflow/${WORKFLOW_ID}`, { waitUntil: 'networkidle' });
	const node = page.locator('[data-test-id="canvas-node"]', { hasText: name }).first();
	await node.waitFor({ timeout: 60_000 });
	await node.dblclick();
	await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1000);
}

async function withPicture<T>(label: string, run: () => Promise<T>): Promise<T> {
	try {
		return await run();
	} catch (error) {
		const file = join(ROOT, '.work', `browser-${label}-failed.png`);
		await page.screenshot({ path: file, type: 'png' }).catch(() => undefined);
		throw new Error(`${(error as Error).message}\n(the page as it was: ${file})`);
	}
}

/** The parameters the open panel marks with an issue (n8n outlines them and shows a warning sign), by name. */
const markedParameters = () =>
	page
		.locator('[data-test-id="ndv"] .has-issues[data-test-id^="parameter-input-"]')
		.evaluateAll((elements) => elements.map((e) => String(e.getAttribute('data-test-id')).replace('parameter-input-', '')));

test('a new Sales Order → Create node marks only its empty required field before anything is typed', () =>
	withPicture('create-issues', async () => {
		await openNode(CREATE_NODE);
		// n8n marks a required field while it is empty (Order Number); nothing optional may show an issue
		assert.deepEqual(await markedParameters(), ['orderNo']);
		// an empty optional JSON field must not show a JSON error in its editor
		assert.equal(await page.locator('[data-test-id="ndv"] .cm-lint-marker-error').count(), 0, 'a JSON editor shows an error');
	}));

test("the Item Number picker lists the sandbox's SKUs", () =>
	withPicture('picker', async () => {
		await openNode(RETIRE_NODE);
		assert.deepEqual(await markedParameters(), ['itemNo'], 'only the empty required Item Number is marked');
		const picker = page.locator('[data-test-id="ndv"] [data-test-id="resource-locator-itemNo"]').first();
		await picker.waitFor({ timeout: 15_000 });
		await picker.locator('[data-test-id="rlc-input"]').first().click();
		const items = page.locator('[data-test-id="rlc-item"]');
		await items.first().waitFor({ timeout: 30_000 });
		const texts = await items.allInnerTexts();
		assert.ok(
			texts.some((text) => text.includes(`${itemNo(0)} (${itemDescription(0)})`)),
			`the picker lists: ${texts.slice(0, 5).join(' | ')}`,
		);
	}));
