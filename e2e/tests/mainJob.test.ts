// `npm start` (the main job) for real: started twice on free ports with its own user folder, each time ready with a working login, stopped by Ctrl+C (SIGINT).
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

import { EXAMPLES, SANDBOX_CREDENTIAL } from '../lib/examples';
import { ROOT } from '../lib/n8n';
import { freePort, login, OWNER } from '../lib/server';

const USER_FOLDER = join(ROOT, '.work', 'e2e', 'main-job');

interface Started {
	child: ChildProcess;
	output: () => string;
	exited: Promise<number | null>;
}

/** Starts the compiled main job and waits for its "Press Ctrl+C" line. */
async function start(env: NodeJS.ProcessEnv): Promise<Started> {
	const child = spawn(process.execPath, [join(ROOT, '.work', 'tsc', 'e2e', 'main.js')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
	let text = '';
	child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
	child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
	const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
	const deadline = Date.now() + 5 * 60_000;
	while (!text.includes('Press Ctrl+C to stop.')) {
		if (child.exitCode !== null || Date.now() > deadline) {
			child.kill('SIGKILL');
			throw new Error(`the main job did not get ready:\n${text}`);
		}
		await new Promise((resolve) => setTimeout(resolve, 250));
	}
	return { child, output: () => text, exited };
}

async function stop(job: Started): Promise<number | null> {
	job.child.kill('SIGINT');
	return job.exited;
}

describe('the main job (npm start)', () => {
	let job: Started | undefined;
	after(async () => {
		if (job && job.child.exitCode === null) await stop(job);
	});

	it('starts the sandbox and n8n, prints the editor URL and a login that works, imports the examples, and stops on Ctrl+C', async () => {
		rmSync(USER_FOLDER, { recursive: true, force: true });
		const [n8nPort, brokerPort, sandboxPort] = [await freePort(), await freePort(), await freePort()];
		const env = {
			...process.env,
			DEMO_USER_FOLDER: USER_FOLDER,
			N8N_PORT: String(n8nPort),
			N8N_RUNNERS_BROKER_PORT: String(brokerPort),
			SANDBOX_PORT: String(sandboxPort),
			SANDBOX_RECORDS: '500',
		};

		job = await start(env);
		const first = job.output();
		const editor = `http://127.0.0.1:${n8nPort}`;
		assert.ok(first.includes(`n8n editor:  ${editor}/home/workflows`), first);
		assert.ok(first.includes(`login:       ${OWNER.email} / ${OWNER.password} (owner account just created)`), first);
		assert.ok(first.includes('example workflows: 3 imported, 0 unchanged'), first);
		assert.equal((await fetch(`${editor}/home/workflows`)).status, 200);

		const session = await login(editor);
		const workflows = await session.rest<Array<{ id: string }>>('GET', '/workflows');
		assert.deepEqual(workflows.map((w) => w.id).sort(), Object.values(EXAMPLES).sort());
		const credentials = await session.rest<Array<{ id: string; name: string }>>('GET', '/credentials');
		assert.deepEqual(credentials.map((c) => [c.id, c.name]), [[SANDBOX_CREDENTIAL.id, SANDBOX_CREDENTIAL.name]]);
		assert.equal(await stop(job), 0);
		assert.ok(job.output().includes('Stopped.'));
		await assert.rejects(fetch(`${editor}/healthz`), 'n8n still answers after Ctrl+C');

		// a second run reuses the install, the package, the owner and the workflows: nothing duplicated
		job = await start(env);
		const second = job.output();
		assert.ok(second.includes('package: unchanged since the last run, kept'), second);
		assert.ok(second.includes('example workflows: 0 imported, 3 unchanged'), second);
		assert.ok(second.includes(`login:       ${OWNER.email} / ${OWNER.password}\n`), second);
		const again = await login(editor);
		assert.equal((await again.rest<unknown[]>('GET', '/workflows')).length, 3);
		assert.equal((await again.rest<unknown[]>('GET', '/credentials')).length, 1);
		assert.equal(await stop(job), 0);
	});
});
