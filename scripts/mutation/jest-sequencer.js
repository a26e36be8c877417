// Jest test order for StrykerJS runs only (stryker.config.mjs). In a mutant's run, Stryker names the tests
// that cover the mutant (testNamePattern) but jest would still load every test file to find them: only
// the files holding one of those tests are run (their names come from the initial run, recorded by
// jest-environment.js). Fast unit tests go first, then the rest from the quickest, so that the first
// failure, which ends the run, comes early.
const { readFileSync, statSync } = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const { testNamesFile } = require('./jest-environment');

let names;
let namesMtime;

/** test file → its tests' full names, as the initial run recorded them; undefined before it wrote them */
function testNames(rootDir) {
	const file = testNamesFile(rootDir);
	try {
		const mtime = statSync(file).mtimeMs;
		if (mtime !== namesMtime) {
			names = JSON.parse(readFileSync(file, 'utf8'));
			namesMtime = mtime;
		}
	} catch {
		return undefined;
	}
	return names;
}

class MutationSequencer extends Sequencer {
	constructor(options) {
		super(options);
		this.pattern = options.globalConfig.testNamePattern;
	}

	sort(tests) {
		let chosen = tests;
		const recorded = this.pattern && tests.length ? testNames(tests[0].context.config.rootDir) : undefined;
		if (recorded) {
			const pattern = new RegExp(this.pattern, 'i');
			// a file the initial run did not see is kept
			const holding = tests.filter((t) => !recorded[t.path] || recorded[t.path].some((name) => pattern.test(name)));
			if (holding.length) chosen = holding;
		}
		const unit = (t) => (/[\\/]test[\\/]unit[\\/]/.test(t.path) ? 0 : 1);
		for (const test of chosen) test.duration = this.time(test);
		return [...chosen].sort(
			(a, b) => unit(a) - unit(b) || (a.duration ?? Infinity) - (b.duration ?? Infinity) || (a.path < b.path ? -1 : 1),
		);
	}
}

module.exports = MutationSequencer;
