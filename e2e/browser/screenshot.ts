// `npm run e2e -- --screenshot`: only the editor screenshot (docs/editor-node-panel.png), which the browser test
// (editor.test.ts, part of `npm run e2e`) also refreshes.
import { n8nServer } from '../lib/context';
import { openBrowser, screenshotPanel, signIn, withPicture } from './browser';

export async function takeScreenshot(): Promise<void> {
	const { n8n } = await n8nServer();
	const browser = await openBrowser();
	try {
		const file = await withPicture(browser.page, 'screenshot', async () => {
			await signIn(browser.page, n8n.url, 'Wine Fulfillment example: store orders to fulfillment');
			return screenshotPanel(browser.page, n8n.url);
		});
		process.stdout.write(`screenshot: ${file}\n`);
	} finally {
		await browser.close();
	}
}
