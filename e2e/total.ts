// The closing line of CI (.ci/run): the unit/engine tests (jest) and the end-to-end tests together, "all: N passed, N failed, N skipped".
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { ROOT } from './lib/n8n';

interface Counts {
	passed: number;
	failed: number;
	skipped: number;
}

function read<T>(file: string): T | undefined {
	const path = join(ROOT, '.work', file);
	return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as T) : undefined;
}

const jest = read<{ numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites?: number; numPendingTests: number }>('jest-results.json');
const e2e = read<Counts>('e2e-results.json');
const total: Counts = { passed: 0, failed: 0, skipped: 0 };
if (jest) {
	total.passed += jest.numPassedTests;
	total.failed += jest.numFailedTests + (jest.numRuntimeErrorTestSuites ?? 0);
	total.skipped += jest.numPendingTests;
} else total.failed++;
if (e2e) {
	total.passed += e2e.passed;
	total.failed += e2e.failed;
	total.skipped += e2e.skipped;
} else total.failed++;
process.stdout.write(`all: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped\n`);
