// Jest environment of the suite (JavaScript: StrykerJS's environment, scripts/mutation/, extends it outside jest's
// TypeScript transform). Node's environment, except that the intervals a test file leaves running are stopped when
// the file ends. Each test file loads n8n's engine afresh, and n8n-core's SSH clients manager starts an unref'd
// interval when its first node runs (stopped only when n8n shuts down): a timer left behind holds the file's whole
// module graph, so one process running many files (jest --runInBand, StrykerJS's runs) kept every one of them.
const { promisify } = require('node:util');
const { TestEnvironment } = require('jest-environment-node');

class SuiteEnvironment extends TestEnvironment {
	/** @type {Set<NodeJS.Timeout>} */
	intervals;

	constructor(config, context) {
		super(config, context);
		this.intervals = this.trackTimers('setInterval', 'clearInterval');
	}

	/**
	 * Wraps the file's `setX`/`clearX` pair so the timers it starts are known until cleared (with `oneShot`, until they
	 * run too); returns the set of them.
	 */
	trackTimers(set, clear, oneShot = false) {
		/** @type {Set<NodeJS.Timeout>} */
		const pending = new Set();
		const { [set]: start, [clear]: stop } = this.global;
		const started = (callback, ...args) => {
			const timer = start(
				oneShot && typeof callback === 'function'
					? (...given) => {
							pending.delete(timer);
							callback(...given);
						}
					: callback,
				...args,
			);
			pending.add(timer);
			return timer;
		};
		// util.promisify(setTimeout) keeps working
		if (start[promisify.custom]) started[promisify.custom] = start[promisify.custom];
		this.global[set] = started;
		this.global[clear] = (timer) => {
			pending.delete(timer);
			stop(timer);
		};
		return pending;
	}

	async teardown() {
		for (const interval of this.intervals) clearInterval(interval);
		this.intervals.clear();
		await super.teardown();
	}
}

module.exports = SuiteEnvironment;
