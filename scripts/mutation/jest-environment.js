// Jest environment for StrykerJS runs only (stryker.config.mjs): the suite's (test/harness/environment.js), plus
// - in the initial run, it records which tests each test file holds (for jest-sequencer.js) and how long each took;
// - in a mutant's run, the first failing test ends the run: the tests after it are skipped, since one
//   failure is enough to kill the mutant (Stryker's jest runner cannot bail by itself);
// - in a mutant's run, each test has a deadline of its own: 3 times its time in the initial run plus 5 s. A mutant that
//   makes a test hang (an endless split, a wait that never ends) fails that test at its deadline instead of holding the
//   runner until Stryker's timeout for the whole run (twice all covering tests' time plus 10 s: about a minute for
//   the exactly-once code); the run log marks such a run (`deadline`). What the hung test left waiting is stopped when
//   its file ends (its timers cleared).
const { mkdirSync, readFileSync, writeFileSync } = require('node:fs');
const { dirname, join } = require('node:path');
const TestEnvironment = require('../../test/harness/environment');

const ACTIVE_MUTANT = '__STRYKER_ACTIVE_MUTANT__';

/** Where the initial run leaves the test names of each test file. */
function testNamesFile(rootDir) {
	return join(rootDir, '.work', 'mutation', 'test-names.json');
}

/** Where the initial run leaves each test's time (ms) per test file. */
function testTimesFile(rootDir) {
	return join(rootDir, '.work', 'mutation', 'test-times.json');
}

/** A test's deadline in a mutant's run, from its time in the initial run. */
const deadlineMs = (ms) => 3 * ms + 5000;

/** The mutant whose run saw a failure: later tests of that run are skipped. */
let failedMutant;
/** The mutant whose run saw a test fail at its deadline (for the run log). */
let deadlineMutant;

let times;
/** test file → test name → its time in the initial run; read once a mutant runs (the initial run is over by then) */
function testTimes(rootDir) {
	if (!times) {
		try {
			times = JSON.parse(readFileSync(testTimesFile(rootDir), 'utf8'));
		} catch {
			times = {};
		}
	}
	return times;
}

/** Merges one test file's entries into a JSON file of test file → entries. */
function recordFor(file, testPath, entries) {
	let all = {};
	try {
		all = JSON.parse(readFileSync(file, 'utf8'));
	} catch {
		// first test file of the run
	}
	all[testPath] = entries;
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, JSON.stringify(all));
}

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
		this.times = {};
		/** timers this file started and that have not run yet: cleared at its end if a test hung */
		this.timeouts = process.env[ACTIVE_MUTANT] === undefined ? new Set() : this.trackTimers('setTimeout', 'clearTimeout', true);
		this.hung = false;
	}

	async handleTestEvent(event) {
		const mutant = process.env[ACTIVE_MUTANT];
		if (mutant === undefined) {
			if (event.name === 'test_start') this.names.push(fullName(event.test));
			if (event.name === 'test_done' && typeof event.test.duration === 'number') this.times[fullName(event.test)] = event.test.duration;
			return;
		}
		if (event.name === 'test_fn_start') {
			const ms = testTimes(this.rootDir)[this.testPath]?.[fullName(event.test)];
			if (typeof ms === 'number') event.test.timeout = deadlineMs(ms);
		}
		if (event.name === 'test_fn_failure' && /Exceeded timeout of \d+ ms for a test/.test(String(event.error?.message ?? event.error))) {
			deadlineMutant = mutant;
			this.hung = true;
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
			recordFor(testNamesFile(this.rootDir), this.testPath, this.names);
			recordFor(testTimesFile(this.rootDir), this.testPath, this.times);
		}
		if (this.hung) for (const timeout of this.timeouts) clearTimeout(timeout);
		this.timeouts.clear();
		await super.teardown();
	}
}

module.exports = MutationEnvironment;
module.exports.ACTIVE_MUTANT = ACTIVE_MUTANT;
module.exports.testNamesFile = testNamesFile;
/** Whether a test failed in this mutant's run (jest-runner.js then runs no further test file). */
module.exports.mutantFailed = (mutant) => failedMutant === mutant;
/** Whether a test of this mutant's run failed at its deadline (it hung). */
module.exports.mutantHung = (mutant) => deadlineMutant === mutant;
