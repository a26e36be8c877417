// Sums jest's result files (one per time zone) into the first argument and prints one plain closing line:
// "tests: N passed, N failed, N skipped".
const { readFileSync, writeFileSync } = require('node:fs');

const [target, ...files] = process.argv.slice(2);
const total = { numPassedTests: 0, numFailedTests: 0, numRuntimeErrorTestSuites: 0, numPendingTests: 0 };
for (const file of files.length ? files : [target]) {
	try {
		const r = JSON.parse(readFileSync(file, 'utf8'));
		total.numPassedTests += r.numPassedTests;
		total.numFailedTests += r.numFailedTests;
		total.numRuntimeErrorTestSuites += r.numRuntimeErrorTestSuites || 0;
		total.numPendingTests += r.numPendingTests;
	} catch {
		// a run that wrote no results failed as a whole
		total.numFailedTests += 1;
	}
}
if (files.length) writeFileSync(target, JSON.stringify(total));
const failed = total.numFailedTests + total.numRuntimeErrorTestSuites;
console.log(`tests: ${total.numPassedTests} passed, ${failed} failed, ${total.numPendingTests} skipped`);
