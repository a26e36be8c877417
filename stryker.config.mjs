// StrykerJS: mutation testing of nodes/ and credentials/ with the jest suite (npm run mutation; not part of CI).
// One folder or file: npm run mutation -- --mutate 'nodes/WineFulfillment/transport/**/*.ts'
// Only some tests (quicker, less thorough): MUTATION_TESTS=test/unit npm run mutation -- --mutate '...'
import { fileURLToPath } from 'node:url';

const scoped = process.argv.some((arg) => arg === '--mutate' || arg === '-m' || arg.startsWith('--mutate='));
const tests = process.env.MUTATION_TESTS;
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// the file killers-reporter.mjs writes and jest-sequencer.js reads in each runner's sandbox (runners inherit it)
process.env.MUTATION_KILLERS_FILE = here('.work/mutation/killers.json');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
	packageManager: 'npm',
	testRunner: 'jest',
	jest: {
		projectType: 'custom',
		configFile: 'jest.config.js',
		// jest-sequencer.js already keeps only the test files that hold a covering test: jest's --findRelatedTests, which
		// resolves every test file's imports on every mutant's run, would find a superset at a cost
		enableFindRelatedTests: false,
		config: {
			// a mutant's run stops at its first failing test and loads only the test files that cover it
			testEnvironment: here('scripts/mutation/jest-environment.js'),
			testSequencer: here('scripts/mutation/jest-sequencer.js'),
			runner: here('scripts/mutation/jest-runner.js'),
			// a module's top-level code is static coverage wherever it loads (scripts/mutation/jest-runtime.js)
			runtime: here('scripts/mutation/jest-runtime.js'),
			// it packs the built package and loads it in other processes (scripts/check-package.js): not the code Stryker mutates
			testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/node/checkPackage.test.ts'],
			...(tests ? { testMatch: tests.split(',').map((dir) => `<rootDir>/${dir.trim()}/**/*.test.ts`) } : {}),
		},
	},
	plugins: [
		'@stryker-mutator/*',
		here('scripts/mutation/ignore-descriptions.mjs'),
		here('scripts/mutation/typescript-file-checker.mjs'),
		here('scripts/mutation/plan-reporter.mjs'),
		here('scripts/mutation/killers-reporter.mjs'),
	],
	// parameter descriptions written in the code are not mutated (scripts/mutation/ignore-descriptions.mjs)
	ignorers: ['descriptions'],
	// a mutant that breaks its types is reported as a compile error and not run: TypeScript 7 checks the mutated file
	// and the files importing it (scripts/mutation/typescript-file-checker.mjs), with scripts/mutation/tsconfig.json
	// (what ships). `npm run mutation` puts TypeScript 7 in place (scripts/mutation/typescript7.mjs).
	checkers: ['typescript-file'],
	tsconfigFile: 'scripts/mutation/tsconfig.json',
	mutate: ['nodes/**/*.ts', 'credentials/**/*.ts'],
	coverageAnalysis: 'perTest',
	// Mutants that only run while a module loads (parameter descriptions, enum lists) would each need the
	// whole suite: they are not tested, and not counted in the score.
	ignoreStatic: true,
	incremental: true,
	// A full run's results are committed, so the next run (on any clone) only tests what changed. A run over
	// part of the code, or over part of the tests, keeps its own file and leaves the full run's untouched.
	incrementalFile:
		scoped || tests ? '.work/mutation/scoped-incremental.json' : 'docs/mutation/stryker-incremental.json',
	concurrency: 2,
	// The runner that did the initial run came out of it holding 900 MB (after a full garbage collection), which every
	// later collection went through; a fresh runner holds a few hundred. A new runner every 50 mutants: about 2 s each.
	maxTestRunnerReuse: 50,
	// the initial run's per-test coverage of the whole suite (3,400 tests) outgrew V8's default heap (out of memory at
	// about 4 GB on 2026-11-28): the runners get 8 GB
	testRunnerNodeArgs: ['--max-old-space-size=8192'],
	timeoutMS: 10000,
	timeoutFactor: 2,
	// the suite with per-test coverage timed out at 10 beside a full jest run on the 2 cores
	dryRunTimeoutMinutes: 25,
	tempDirName: '.work/stryker-tmp',
	ignorePatterns: ['/.work', '/dist', '/e2e', '/bench', '/examples', '/docs', '/coverage', '/reports'],
	// `killers` puts the test files that killed a mutant in the recorded full run first in its run (jest-sequencer.js)
	reporters: ['clear-text', 'progress', 'html', 'json', 'killers'],
	htmlReporter: { fileName: '.work/mutation/mutation.html' },
	jsonReporter: { fileName: '.work/mutation/mutation.json' },
	clearTextReporter: { allowColor: false, logTests: false, maxTestsToLog: 0 },
	thresholds: { high: 85, low: 70, break: null },
};
