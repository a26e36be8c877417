// The jest setup itself (test/harness/env.ts): what every test file runs before its tests.
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

describe('jest setup', () => {
	it("keeps n8n's user folder in .work/ and leaves nothing in the system's temp folder", async () => {
		const saved = process.env.N8N_USER_FOLDER;
		const before = new Set(readdirSync(tmpdir()));
		try {
			delete process.env.N8N_USER_FOLDER;
			await jest.isolateModulesAsync(() => import('../harness/env'));
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
			await jest.isolateModulesAsync(() => import('../harness/env'));
			expect(process.env.N8N_USER_FOLDER).toBe(join(tmpdir(), 'given-by-the-caller'));
		} finally {
			process.env.N8N_USER_FOLDER = saved;
		}
	});
});
