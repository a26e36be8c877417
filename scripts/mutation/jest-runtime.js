// Jest module runtime for StrykerJS runs only (stryker.config.mjs): a module's top-level code counts as static
// coverage (code that runs while modules load) wherever the module loads. Without it, a test that loads modules
// afresh inside itself (the options tests, the two-process webhook test, the harness's own test) was credited with the
// top-level code of every module it loaded: parameter lists, label maps, schema tables, the version 2 panels. Each such
// mutant then ran only those tests, which check none of it, and survived (about 1,200 mutants, 3 test files each).
// Static mutants are left out of a run and of the score (stryker.config.mjs ignoreStatic): testing one would need the
// whole suite, since every test file loads the modules anew.
const Runtime = require('jest-runtime').default;

class MutationRuntime extends Runtime {
	_execModule(...args) {
		const global = this._environment.global;
		const context = global && global[global.__strykerGlobalNamespace__ ?? '__stryker__'];
		if (!context || context.currentTestId === undefined) return super._execModule(...args);
		const test = context.currentTestId;
		context.currentTestId = undefined;
		try {
			return super._execModule(...args);
		} finally {
			context.currentTestId = test;
		}
	}
}

module.exports = MutationRuntime;
