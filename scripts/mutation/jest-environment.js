// Jest environment for StrykerJS runs only (stryker.config.mjs): the suite's (test/harness/environment.js), plus
// - in the initial run, it records which tests each test file holds (for jest-sequencer.js);
// - in a mutant's run, the first failing test ends the run: the tests after it are skipped, since one
//   failure is enough to kill the mutant (Stryker's jest runner cannot bail by itself).
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const TestEnvironment = require('../../test/harness/environment');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

/** Where the initial run leaves the test names of each test file. */
function testNamesFile(rootDir) {
	return join(rootDir, '.work', 'mutation', 'test-names.json');
}

/** The mutant whose run saw a failure: later tests of that run are skipped. */
let failedMutant;

/** The name Stryker and jest's testNamePattern know a test by: describe names and its own, spaced. */
function fullName(test) {
	const names = [];
	for (let block = test; block && block.parent; block = block.parent) names.unshift(block.name);
	return names.join(' ');
}

class MutationEnvironment extends TestEnvironment {
	constructor(config, context) {
		super(config, context);
		this.rootDir = config.projectConfig.rootDir;
		this.testPath = context.testPath;
		this.names = [];
	}

	async handleTestEvent(event) {
		const mutant = process.env[ACTIVE_MUTANT];
		if (mutant === undefined) {
			if (event.name === 'test_start') this.names.push(fullName(event.test));
			return;
		}
		if (event.name === 'test_fn_failure' || event.name === 'hook_failure') failedMutant = mutant;
		if (failedMutant !== mutant) return;
		// a block that starts after the failure runs nothing, not even its beforeAll hooks; blocks already
		// running keep their afterAll hooks
		if (event.name === 'run_describe_start') event.describeBlock.mode = 'skip';
		else if (event.name === 'test_start') event.test.mode = 'skip';
	}

	async teardown() {
		if (process.env[ACTIVE_MUTANT] === undefined && this.names.length) {
			const file = testNamesFile(this.rootDir);
			let all = {};
			try {
				all = JSON.parse(readFileSync(file, 'utf8'));
			} catch {
				// first test file of the run
			}
			all[this.testPath] = this.names;
			mkdirSync(dirname(file), { recursive: true });
			writeFileSync(file, JSON.stringify(all));
		}
		await super.teardown();
	}
}

module.exports = MutationEnvironment;
module.exports.ACTIVE_MUTANT = ACTIVE_MUTANT;
module.exports.testNamesFile = testNamesFile;
/** Whether a test failed in this mutant's run (jest-runner.js then runs no further test file). */
module.exports.mutantFailed = (mutant) => failedMutant === mutant;
