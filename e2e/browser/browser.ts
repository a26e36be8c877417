// Headless Chromium (Debian's chromium package) driven by playwright-core from e2e/browser's own package.json and lockfile:
// set up on first use, signed in to a running n8n as the owner, and the docs/ screenshot of the editor.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { aptInstall } from '../lib/apt';
import { EXAMPLES } from '../lib/examples';
import { ROOT } from '../lib/n8n';
import { OWNER } from '../lib/server';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const CHROMIUM = process.env.CHROMIUM_PATH ?? DEFAULT_CHROMIUM;
const BROWSER_DIR = join(ROOT, 'e2e', 'browser');
/** The editor screenshot in the README. */
export const SCREENSHOT = join(ROOT, 'docs', 'editor-node-panel.png');
/** The panel the screenshot shows: Create Sales Order in the store-orders example. */
const SCREENSHOT_NODE = 'Create Sales Order';

/** The few playwright-core calls used here (the package is installed only in e2e/browser, not for the typecheck). */
export interface Locator {
	first(): Locator;
	count(): Promise<number>;
	fill(value: string): Promise<void>;
	click(options?: { timeout?: number }): Promise<void>;
	dblclick(options?: { timeout?: number }): Promise<void>;
	waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
	innerText(): Promise<string>;
	inputValue(): Promise<string>;
	allInnerTexts(): Promise<string[]>;
	locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
	evaluateAll<R>(run: (elements: Array<{ getAttribute(name: string): string | null }>) => R): Promise<R>;
}
export interface Page {
	goto(url: string, options?: { waitUntil?: string }): Promise<unknown>;
	locator(selector: string, options?: { hasText?: string | RegExp }): Locator;
	keyboard: { press(key: string): Promise<void>; type(text: string): Promise<void> };
	on(event: 'dialog', handler: (dialog: { accept(): Promise<void> }) => void): void;
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

const mtime = (path: string) => (existsSync(path) ? statSync(path).mtimeMs : -1);

/**
 * What the browser needs on a fresh machine, from the project's own files: Debian's chromium (apt-get, as root), and
 * playwright-core installed in e2e/browser from its lockfile, again when the lockfile is newer than the install.
 */
export function ensureBrowserTools(): void {
	if (!existsSync(CHROMIUM)) {
		if (CHROMIUM !== DEFAULT_CHROMIUM) throw new Error(`no Chromium at CHROMIUM_PATH=${CHROMIUM}`);
		aptInstall(['chromium'], 'the browser test');
	}
	const installed = join(BROWSER_DIR, 'node_modules', '.package-lock.json');
	const lockfile = join(BROWSER_DIR, 'package-lock.json');
	if (!existsSync(join(BROWSER_DIR, 'node_modules', 'playwright-core')) || mtime(installed) < mtime(lockfile)) {
		process.stderr.write('the browser test: installing playwright-core in e2e/browser from its lockfile (once)\n');
		const result = spawnSync('npm', ['install', '--loglevel=error', '--no-audit', '--no-fund'], { cwd: BROWSER_DIR, encoding: 'utf8' });
		if (result.status !== 0) {
			throw new Error(`npm install in e2e/browser failed:\n${result.error ? String(result.error) : result.stderr || result.stdout}`);
		}
		// npm leaves the install's record untouched when nothing changed: mark it as at least as new as the lockfile
		const now = new Date();
		utimesSync(installed, now, now);
	}
}

/** A headless Chromium with a fresh profile; close() also removes the profile. */
export async function openBrowser(): Promise<{ page: Page; close(): Promise<void> }> {
	ensureBrowserTools();
	const { chromium } = createRequire(join(BROWSER_DIR, 'package.json'))('playwright-core') as { chromium: Chromium };
	const profile = mkdtempSync(join(tmpdir(), 'wf-chromium-'));
	const context = await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
		viewport: { width: 1280, height: 800 },
	});
	const page = await context.newPage();
	// leaving a workflow with unsaved changes asks first (beforeunload): leave
	page.on('dialog', (dialog) => void dialog.accept().catch(() => undefined));
	return {
		page,
		close: async () => {
			await context.close().catch(() => undefined);
			rmSync(profile, { recursive: true, force: true });
		},
	};
}

/** Signs in to n8n at `url` as the owner; resolves once the overview lists `workflowName`. */
export async function signIn(page: Page, url: string, workflowName: string): Promise<void> {
	await page.goto(`${url}/signin`, { waitUntil: 'networkidle' });
	await page.locator('input[type="email"]').fill(OWNER.email);
	await page.locator('input[type="password"]').fill(OWNER.password);
	await page.keyboard.press('Enter');
	await page.locator(`text=${workflowName}`).first().waitFor({ timeout: 60_000 });
}

/** Opens a node's panel from the canvas of a workflow. */
export async function openNode(page: Page, url: string, workflowId: string, name: string): Promise<void> {
	await page.goto(`${url}/workflow/${workflowId}`, { waitUntil: 'networkidle' });
	const node = page.locator('[data-test-id="canvas-node"]', { hasText: name }).first();
	await node.waitFor({ timeout: 60_000 });
	await node.dblclick();
	await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
	await page.waitForTimeout(1000);
}

/** Runs `work`; a failure leaves a picture of the page in .work/browser-<label>-failed.png and names it. */
export async function withPicture<T>(page: Page, label: string, work: () => Promise<T>): Promise<T> {
	try {
		return await work();
	} catch (error) {
		const file = join(ROOT, '.work', `browser-${label}-failed.png`);
		await page.screenshot({ path: file, type: 'png' }).catch(() => undefined);
		throw new Error(`${(error as Error).message}\n(the page as it was: ${file})`);
	}
}

/** docs/editor-node-panel.png: the store-orders example's Create Sales Order panel (the example must be imported). */
export async function screenshotPanel(page: Page, url: string): Promise<string> {
	await openNode(page, url, EXAMPLES.sync, SCREENSHOT_NODE);
	await page.waitForTimeout(500);
	mkdirSync(join(ROOT, 'docs'), { recursive: true });
	await page.screenshot({ path: SCREENSHOT, type: 'png' });
	return SCREENSHOT;
}
