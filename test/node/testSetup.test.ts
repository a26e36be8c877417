// The jest setup itself: what every test file runs in (test/harness/environment.js) and before its tests
// (test/harness/env.ts).
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { runInContext } from 'node:vm';

import SuiteEnvironment from '../harness/environment';

describe('jest setup', () => {
	const saved = process.env.N8N_USER_FOLDER;
	afterEach(() => {
		process.env.N8N_USER_FOLDER = saved;
	});
	const runSetup = () =>
		jest.isolateModulesAsync(async () => {
			await import('../harness/env');
		});

	it("keeps n8n's user folder in .work/ and leaves nothing in the system's temp folder", async () => {
		const before = new Set(readdirSync(tmpdir()));
		delete process.env.N8N_USER_FOLDER;
		await runSetup();
		const folder = String(process.env.N8N_USER_FOLDER);
		expect(relative(join(__dirname, '..', '..'), folder)).toBe(join('.work', 'jest-n8n'));
		const added = readdirSync(tmpdir()).filter((name) => !before.has(name) && name.startsWith('wf-n8n-'));
		expect(added).toEqual([]);
	});

	it('keeps a user folder given from outside', async () => {
		process.env.N8N_USER_FOLDER = join(tmpdir(), 'given-by-the-caller');
		await runSetup();
		expect(process.env.N8N_USER_FOLDER).toBe(join(tmpdir(), 'given-by-the-caller'));
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

describe('test harness', () => {
	it('builds a node type only when a workflow asks for it (a test is credited only with the nodes it runs)', async () => {
		const built: string[] = [];
		await jest.isolateModulesAsync(async () => {
			for (const [path, name] of [
				['../../nodes/WineFulfillment/WineFulfillmentTrigger.node', 'WineFulfillmentTrigger'],
				['../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node', 'WineFulfillmentWebhookTrigger'],
			] as const) {
				const actual = jest.requireActual<Record<string, new () => object>>(path);
				jest.doMock(path, () => ({
					[name]: class extends actual[name] {
						constructor() {
							super();
							built.push(name);
						}
					},
				}));
			}
			const { ACTION_TYPE, NodeTypes, TRIGGER_TYPE } = await import('../harness/harness');
			const types = new NodeTypes();
			expect(types.getByNameAndVersion(ACTION_TYPE).description.name).toBe('wineFulfillment');
			expect(built).toEqual([]);
			const trigger = types.getByNameAndVersion(TRIGGER_TYPE);
			expect(types.getByNameAndVersion(TRIGGER_TYPE)).toBe(trigger);
			expect(built).toEqual(['WineFulfillmentTrigger']);
			expect(() => types.getByNameAndVersion('constructor')).toThrow('Unknown node type constructor');
		});
	});
});
