// Jest test runner for StrykerJS runs only (stryker.config.mjs): jest's own runner, except that in a mutant's run
// the test files are run one at a time and the run ends at the first failure (jest-environment.js records it).
// jest-environment.js alone skips the tests after a failure, but every later file would still be loaded with all
// it imports (n8n's engine) before its skipped tests are reached. jest's own `bail` cannot be used: it ends the
// process, which is Stryker's test runner.
// With MUTATION_RUN_LOG=<file>, each mutant's run adds a line to that file: the mutant, each test file run and its
// time, whether a test failed, whether one failed at its deadline (see docs/mutation/README.md, "Where a run's time goes").
const { appendFileSync } = require('node:fs');
const { relative } = require('node:path');
const TestRunner = require('jest-runner').default;

const { ACTIVE_MUTANT, mutantFailed, mutantHung } = require('./jest-environment');

class MutationRunner extends TestRunner {
	async runTests(tests, watcher, options) {
		const mutant = process.env[ACTIVE_MUTANT];
		if (mutant === undefined || !options.serial) return super.runTests(tests, watcher, options);
		const log = process.env.MUTATION_RUN_LOG;
		const started = Date.now();
		const files = [];
		for (const test of tests) {
			if (mutantFailed(mutant) || watcher.isInterrupted()) break;
			const start = Date.now();
			await super.runTests([test], watcher, options);
			files.push([relative(test.context.config.rootDir, test.path), Date.now() - start]);
		}
		if (log) {
			const line = { mutant, pid: process.pid, at: started, ms: Date.now() - started, of: tests.length, files };
			appendFileSync(log, `${JSON.stringify({ ...line, failed: mutantFailed(mutant), ...(mutantHung(mutant) ? { deadline: true } : {}) })}\n`);
		}
	}
}

module.exports = MutationRunner;
