// `npm run e2e`: the end-to-end tests in a real n8n (node's test runner, one process so they share one setup),
// closing with the plain line "e2e: N passed, N failed, N skipped". `npm run e2e -- --screenshot` takes the editor screenshot instead.
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from 'node:test';
import { spec } from 'node:test/reporters';

import { teardown, timings } from './lib/context';
import { ROOT } from './lib/n8n';

interface TestEvent {
	name: string;
	nesting: number;
	skip?: boolean | string;
	todo?: boolean | string;
	details: { type?: 'suite' | 'test'; error?: unknown };
}

/**
 * e2e/tests/*.test.js, then the browser test e2e/browser/*.test.js (which E2E_BROWSER=0 skips); with arguments, the
 * files whose path from e2e/ contains one of them (`npm run e2e -- browser/`).
 */
function testFiles(only: string[]): string[] {
	return ['tests', 'browser']
		.flatMap((dir) => readdirSync(join(__dirname, dir)).filter((f) => f.endsWith('.test.js')).map((f) => `${dir}/${f}`))
		.filter((f) => !only.length || only.some((o) => f.includes(o)))
		.map((f) => join(__dirname, f));
}

async function tests(only: string[]): Promise<{ passed: number; failed: number; skipped: number }> {
	const files = testFiles(only);
	const counts = { passed: 0, failed: 0, skipped: 0, failedSuites: 0 };
	// E2E_TEST_NAME: only the tests whose name matches (a suite's setup still runs)
	const named = process.env.E2E_TEST_NAME;
	const stream = run({ files, isolation: 'none', concurrency: false, timeout: 40 * 60_000, ...(named ? { testNamePatterns: [named] } : {}) });
	stream.on('test:pass', (event: TestEvent) => {
		if (event.details.type === 'suite' && !event.skip) return;
		if (event.skip || event.todo) counts.skipped++;
		else counts.passed++;
	});
	stream.on('test:fail', (event: TestEvent) => {
		// a todo test records a known limit: its failure is reported by the spec reporter, not counted (as node --test does)
		if (event.todo) counts.skipped++;
		else if (event.details.type === 'suite') counts.failedSuites++;
		else counts.failed++;
	});
	const reporter = stream.compose(spec);
	reporter.pipe(process.stdout);
	await new Promise<void>((resolve) => reporter.on('end', resolve));
	// a failure outside any test (a hook, a file that does not load) still counts
	if (counts.failedSuites > 0 && counts.failed === 0) counts.failed = counts.failedSuites;
	return { passed: counts.passed, failed: counts.failed, skipped: counts.skipped };
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	if (args.includes('--screenshot')) {
		const { takeScreenshot } = await import('./browser/screenshot');
		await takeScreenshot();
		await teardown();
		return;
	}
	const started = Date.now();
	const result = await tests(args.filter((a) => !a.startsWith('--')));
	await teardown();
	const steps = Object.entries(await timings()).map(([step, s]) => `${step} ${s}s`);
	if (steps.length) process.stdout.write(`\ntimings: ${steps.join(', ')}; total ${Math.round((Date.now() - started) / 1000)}s\n`);
	report(result);
}

/** The closing line, and the counts for CI's closing line over all tests (e2e/total.ts). */
function report(result: { passed: number; failed: number; skipped: number }): void {
	mkdirSync(join(ROOT, '.work'), { recursive: true });
	writeFileSync(join(ROOT, '.work', 'e2e-results.json'), JSON.stringify(result));
	process.stdout.write(`e2e: ${result.passed} passed, ${result.failed} failed, ${result.skipped} skipped\n`);
	process.exitCode = result.failed > 0 ? 1 : 0;
}

main().catch(async (error: Error) => {
	process.stderr.write(`${error.stack ?? error.message}\n`);
	await teardown().catch(() => undefined);
	report({ passed: 0, failed: 1, skipped: 0 });
});
