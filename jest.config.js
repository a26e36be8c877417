/** Tests run real workflows through n8n's engine against the sandbox on 127.0.0.1. */
module.exports = {
	preset: 'ts-jest',
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.json' }] },
	setupFiles: ['<rootDir>/test/harness/env.ts'],
	testTimeout: 60000,
	maxWorkers: 2,
};
