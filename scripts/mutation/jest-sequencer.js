// Jest test order for StrykerJS runs only (stryker.config.mjs). In a mutant's run, Stryker names the tests
// that cover the mutant (testNamePattern) but jest would still load every test file to find them: only
// the files holding one of those tests are run (their names come from the initial run, recorded by
// jest-environment.js). The first failure ends the run (jest-runner.js), so the files likeliest to fail come
// first: the files that killed the same mutant in the recorded full run (killers-reporter.mjs), then those named
// like the mutated source file (test/sku/ for actions/sku/create.operation.ts), fast unit tests before the others,
// then the quickest.
const { readdirSync, readFileSync, statSync } = require('node:fs');
const { basename, dirname, join, relative } = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

const { ACTIVE_MUTANT, testNamesFile } = require('./jest-environment');

/** Where Stryker writes the code under test into its sandbox, with every mutant switched by its id. */
const SOURCE_FOLDERS = ['nodes', 'credentials'];
const MUTANT_SWITCH = /stryMutAct_9fa48\("(\d+)"\)/g;

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

let killers;
let killersMtime;

/** mutant id → the test files that killed the same mutant in the recorded run; {} without that record */
function recordedKillers() {
	const file = process.env.MUTATION_KILLERS_FILE;
	if (!file) return {};
	try {
		const mtime = statSync(file).mtimeMs;
		if (mtime !== killersMtime) {
			killers = JSON.parse(readFileSync(file, 'utf8'));
			killersMtime = mtime;
		}
	} catch {
		return {};
	}
	return killers;
}

let mutantSources;

/** The sandbox file holding a mutant, found once per process in the instrumented code. */
function mutantSource(rootDir, mutant) {
	if (!mutantSources) {
		mutantSources = new Map();
		for (const folder of SOURCE_FOLDERS) {
			const root = join(rootDir, folder);
			let files = [];
			try {
				files = readdirSync(root, { recursive: true }).filter((file) => file.endsWith('.ts'));
			} catch {
				// no such folder in this project
			}
			for (const file of files)
				for (const [, id] of readFileSync(join(root, file), 'utf8').matchAll(MUTANT_SWITCH))
					mutantSources.set(id, join(root, file));
		}
	}
	return mutantSources.get(mutant);
}

/** A file's own name and its folder's, lower case, without `.test.ts` / `.operation.ts`. */
function nameParts(path) {
	return [basename(path).split('.')[0].toLowerCase(), basename(dirname(path)).toLowerCase()];
}

/** How many of a test file's names the source file shares: test/sku/sku.test.ts and actions/sku/create.operation.ts, 1. */
function nearness(testPath, sourcePath) {
	if (!sourcePath) return 0;
	const source = new Set(nameParts(sourcePath));
	return new Set(nameParts(testPath).filter((name) => source.has(name))).size;
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
		const mutant = process.env[ACTIVE_MUTANT];
		const source = mutant !== undefined && tests.length ? mutantSource(tests[0].context.config.rootDir, mutant) : undefined;
		const near = new Map(chosen.map((t) => [t, nearness(t.path, source)]));
		const killedBefore = (mutant !== undefined && recordedKillers()[mutant]) || [];
		const killer = (t) => {
			const at = killedBefore.indexOf(relative(t.context.config.rootDir, t.path));
			return at === -1 ? killedBefore.length : at;
		};
		const unit = (t) => (/[\\/]test[\\/]unit[\\/]/.test(t.path) ? 0 : 1);
		for (const test of chosen) test.duration = this.time(test);
		return [...chosen].sort(
			(a, b) =>
				killer(a) - killer(b) ||
				near.get(b) - near.get(a) ||
				unit(a) - unit(b) ||
				(a.duration ?? Infinity) - (b.duration ?? Infinity) ||
				(a.path < b.path ? -1 : 1),
		);
	}
}

module.exports = MutationSequencer;
