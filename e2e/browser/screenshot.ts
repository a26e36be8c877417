// `npm run e2e -- --screenshot`: the editor with the Wine Fulfillment node's panel open, in headless Chromium
// (Debian's chromium package, driven by playwright-core from e2e/browser's own install) → docs/editor-node-panel.png.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { n8nServer } from '../lib/context';
import { EXAMPLES } from '../lib/examples';
import { ROOT } from '../lib/n8n';
import { OWNER } from '../lib/server';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = join(ROOT, 'docs', 'editor-node-panel.png');
/** the node whose panel the screenshot shows: Create Sales Order in the store-orders example */
const NODE_NAME = 'Create Sales Order';

/** The few playwright-core calls used here (the package is installed only in e2e/browser, not for the typecheck). */
interface Locator {
	first(): Locator;
	fill(value: string): Promise<void>;
	click(options?: { timeout?: number }): Promise<void>;
	dblclick(options?: { timeout?: number }): Promise<void>;
	waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
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
	const manifest = join(ROOT, 'e2e', 'browser', 'package.json');
	if (!existsSync(join(ROOT, 'e2e', 'browser', 'node_modules', 'playwright-core'))) {
		throw new Error('playwright-core is not installed: run `npm install` in e2e/browser first');
	}
	return createRequire(manifest)('playwright-core') as { chromium: Chromium };
}

export async function takeScreenshot(): Promise<void> {
	if (!existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
	const { chromium } = playwright();
	const { n8n } = await n8nServer();
	const profile = mkdtempSync(join(tmpdir(), 'wf-chromium-'));
	// a fresh profile (--user-data-dir) each time
	const browser = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-quic',
			'--no-first-run',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
		],
		viewport: { width: 1280, height: 800 },
	});
	const page = await browser.newPage();
	try {
		await page.goto(`${n8n.url}/signin`, { waitUntil: 'networkidle' });
		await page.locator('input[type="email"]').fill(OWNER.email);
		await page.locator('input[type="password"]').fill(OWNER.password);
		await page.keyboard.press('Enter');
		// signed in: the overview lists the imported example workflows
		await page.locator('text=Wine Fulfillment example: store orders to fulfillment').first().waitFor({ timeout: 30_000 });

		await page.goto(`${n8n.url}/workflow/${EXAMPLES.sync}`, { waitUntil: 'networkidle' });
		const node = page.locator('[data-test-id="canvas-node"]', { hasText: NODE_NAME }).first();
		await node.waitFor({ timeout: 30_000 });
		await node.dblclick();
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 15_000 });
		await page.waitForTimeout(1500);
		mkdirSync(join(ROOT, 'docs'), { recursive: true });
		await page.screenshot({ path: OUT, type: 'png' });
		process.stdout.write(`screenshot: ${OUT}\n`);
	} catch (error) {
		const failed = join(ROOT, '.work', 'screenshot-failed.png');
		await page.screenshot({ path: failed, type: 'png' }).catch(() => undefined);
		throw new Error(`${(error as Error).message}\n(the page as it was: ${failed})`);
	} finally {
		await browser.close();
		rmSync(profile, { recursive: true, force: true });
	}
}
