// Jest environment of the suite (JavaScript: StrykerJS's environment, scripts/mutation/, extends it outside jest's
// TypeScript transform). Node's environment, except that the intervals a test file leaves running are stopped when
// the file ends. Each test file loads n8n's engine afresh, and n8n-core's SSH clients manager starts an unref'd
// interval when its first node runs (stopped only when n8n shuts down): a timer left behind holds the file's whole
// module graph, so one process running many files (jest --runInBand, StrykerJS's runs) kept every one of them.
const { TestEnvironment } = require('jest-environment-node');

class SuiteEnvironment extends TestEnvironment {
	/** @type {Set<NodeJS.Timeout>} */
	intervals = new Set();

	constructor(config, context) {
		super(config, context);
		const { setInterval: start, clearInterval: stop } = this.global;
		this.global.setInterval = (...args) => {
			const interval = start(...args);
			this.intervals.add(interval);
			return interval;
		};
		this.global.clearInterval = (interval) => {
			this.intervals.delete(interval);
			stop(interval);
		};
	}

	async teardown() {
		for (const interval of this.intervals) clearInterval(interval);
		this.intervals.clear();
		await super.teardown();
	}
}

module.exports = SuiteEnvironment;
