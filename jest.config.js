/**
 * Tests run real workflows through n8n's engine against the sandbox on 127.0.0.1; test/unit holds fast
 * tests of pure functions. TypeScript is stripped by SWC without type checking (`npm run typecheck` and
 * `npm run build` check types), which keeps the suite and StrykerJS's many runs quick.
 */
module.exports = {
	testEnvironment: '<rootDir>/test/harness/environment.js',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: {
		'^.+\\.ts$': [
			'@swc/jest',
			{
				jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
				module: { type: 'commonjs' },
				sourceMaps: 'inline',
			},
		],
	},
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	testTimeout: 60000,
	maxWorkers: 2,
};
