// Jest test runner for StrykerJS runs only (stryker.config.mjs): jest's own runner, except that in a mutant's run
// the test files are run one at a time and the run ends at the first failure (jest-environment.js records it).
// jest-environment.js alone skips the tests after a failure, but every later file would still be loaded with all
// it imports (n8n's engine) before its skipped tests are reached. jest's own `bail` cannot be used: it ends the
// process, which is Stryker's test runner.
const TestRunner = require('jest-runner').default;

const { ACTIVE_MUTANT, mutantFailed } = require('./jest-environment');

class MutationRunner extends TestRunner {
	async runTests(tests, watcher, options) {
		const mutant = process.env[ACTIVE_MUTANT];
		if (mutant === undefined || !options.serial) return super.runTests(tests, watcher, options);
		for (const test of tests) {
			if (mutantFailed(mutant) || watcher.isInterrupted()) return;
			await super.runTests([test], watcher, options);
		}
	}
}

module.exports = MutationRunner;
