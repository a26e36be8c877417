// The jest setup itself: what every test file runs in (test/harness/environment.js) and before its tests
// (test/harness/env.ts).
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runInContext } from 'node:vm';

import SuiteEnvironment from '../harness/environment';

describe('jest setup', () => {
	it("keeps n8n's user folder in .work/ and leaves nothing in the system's temp folder", async () => {
		const saved = process.env.N8N_USER_FOLDER;
		const before = new Set(readdirSync(tmpdir()));
		try {
			delete process.env.N8N_USER_FOLDER;
			await jest.isolateModulesAsync(async () => {
				await import('../harness/env');
			});
			const folder = String(process.env.N8N_USER_FOLDER);
			expect(relative(join(__dirname, '..', '..'), folder)).toBe(join('.work', 'jest-n8n'));
			const added = readdirSync(tmpdir()).filter((name) => !before.has(name) && name.startsWith('wf-n8n-'));
			expect(added).toEqual([]);
		} finally {
			process.env.N8N_USER_FOLDER = saved;
		}
	});

	it('keeps a user folder given from outside', async () => {
		const saved = process.env.N8N_USER_FOLDER;
		try {
			process.env.N8N_USER_FOLDER = join(tmpdir(), 'given-by-the-caller');
			await jest.isolateModulesAsync(async () => {
				await import('../harness/env');
			});
			expect(process.env.N8N_USER_FOLDER).toBe(join(tmpdir(), 'given-by-the-caller'));
		} finally {
			process.env.N8N_USER_FOLDER = saved;
		}
	});
});

describe('jest environment', () => {
	const config = {
		globalConfig: {},
		projectConfig: { testEnvironmentOptions: {}, globals: {}, fakeTimers: {}, rootDir: __dirname },
	} as unknown as JestEnvironmentConfig;
	const context = { console, docblockPragmas: {}, testPath: __filename } as unknown as EnvironmentContext;
	const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

	it('stops the intervals a test file left running when the file ends (they would keep its modules in memory)', async () => {
		const environment = new SuiteEnvironment(config, context);
		await environment.setup();
		const ticks = { left: 0, stopped: 0 };
		environment.global.ticks = ticks;
		const vm = environment.getVmContext()!;
		runInContext('setInterval(() => ticks.left++, 2).unref(); clearInterval(setInterval(() => ticks.stopped++, 2))', vm);
		await pause(20);
		expect(ticks.left).toBeGreaterThan(0);
		await environment.teardown();
		const after = ticks.left;
		await pause(20);
		expect(ticks.left).toBe(after);
		expect(ticks.stopped).toBe(0);
	});
});
