// New Package in a real n8n 2.41 (SQLite, one process) with n8n's durable poll cursors on (N8N_POLLER_DURABLE_CURSORS_ENABLED
// and the scheduler it runs on), polled every 10 s: packages shipped between the activation poll and the first scheduled
// poll (which n8n's cursors alone lose: the trigger's seed covers them), between later polls and across a restart of n8n
// are each emitted once.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import type { Sandbox } from '../../test/sandbox/server';
import { packages } from '../../test/sandbox/stores';
import type { Item } from '../lib/context';
import { control, realTimeSandbox } from '../lib/demo';
import { executionsOf } from '../lib/exactlyOnce';
import { ensureN8n, importInto, n8nEnv, packPackage, prepareUserFolder, ROOT } from '../lib/n8n';
import { activate, deactivate } from '../lib/queue';
import { POLL_NODE, QUEUE_WORKFLOWS, packagesWorkflow, queueSandboxCredential } from '../lib/queueWorkflows';
import { ensureOwner, finishedExecution, freePort, login, serverEnv, startN8n, type N8nServer, type Session } from '../lib/server';

const DIR = join(ROOT, '.work', 'e2e', 'durable-cursors');
const WORKFLOW = QUEUE_WORKFLOWS.packages;

/** n8n 2.x's durable poll cursors and the scheduler they run on (README "Triggers"). */
const DURABLE_CURSORS = {
	N8N_SCHEDULER_ENABLED: 'true',
	N8N_SCHEDULER_POLL_TRIGGERS_ENABLED: 'true',
	N8N_USE_WORKFLOW_PUBLICATION_SERVICE: 'true',
	N8N_POLLER_DURABLE_CURSORS_ENABLED: 'true',
};

/** A GetPackages request this long after the one before starts another poll (polls are 10 s apart, each a burst). */
const POLL_GAP_MS = 4_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`durableCursors: ${line}\n`);

describe('New Package with durable poll cursors in a real n8n (SQLite, one process)', () => {
	let sandbox: Sandbox;
	let env: NodeJS.ProcessEnv;
	let n8n: N8nServer;
	let session: Session;
	const logFile = join(DIR, 'n8n.log');

	const start = async () => {
		n8n = await startN8n(env, logFile);
		await ensureOwner(n8n.url);
		session = await login(n8n.url);
	};

	before(async () => {
		ensureN8n();
		sandbox = await realTimeSandbox({ port: 0, inventoryRecords: 50, seed: 1 });
		rmSync(DIR, { recursive: true, force: true });
		mkdirSync(DIR, { recursive: true });
		prepareUserFolder(DIR, packPackage());
		env = n8nEnv(DIR, { ...serverEnv(await freePort(), await freePort()), ...DURABLE_CURSORS });
		importInto('credentials', [queueSandboxCredential(sandbox.baseUrl)], env);
		importInto('workflow', [{ ...packagesWorkflow(6), name: 'Durable poll cursors: New Package every 10 s' }], env);
		await start();
	});

	after(async () => {
		await n8n?.stop();
		await sandbox?.close();
	});

	it('packages shipped after the activation poll, between polls and across a restart of n8n: each emitted once', async () => {
		const began = Date.now();
		const requests = () => sandbox.requests.filter((r) => /GetPackages/i.test(r.path)).map((r) => r.at);
		/** polls so far: bursts of GetPackages requests; the last one counts once it has been quiet for a second */
		const polls = () => {
			const times = requests();
			const starts = times.filter((at, i) => i === 0 || at - times[i - 1] >= POLL_GAP_MS).length;
			return starts > 0 && Date.now() - times[times.length - 1] < 1_000 ? starts - 1 : starts;
		};
		const waitForPolls = async (n: number) => {
			const deadline = Date.now() + 3 * 60_000;
			while (polls() < n) {
				if (Date.now() > deadline) throw new Error(`only ${polls()} of ${n} polls in time`);
				await sleep(250);
			}
		};
		const known = new Set(packages(sandbox.state).map((p) => p.TrackingNo));
		const shipped: Record<string, string[]> = {};
		const ship = async (batch: string) => {
			await control(sandbox, 'seed-packages', { count: 3, startAt: new Date(sandbox.state.now() - 2_000).toISOString(), spreadMs: 100 });
			shipped[batch] = packages(sandbox.state)
				.map((p) => p.TrackingNo)
				.filter((t) => !known.has(t));
			for (const t of shipped[batch]) known.add(t);
			assert.equal(shipped[batch].length, 3, `batch ${batch} shipped`);
		};
		/** the tracking numbers the finished executions put out, one entry per item */
		const emitted = async () => {
			const { newest } = await executionsOf(session, WORKFLOW);
			const runs = await Promise.all(newest.map((e) => finishedExecution(session, e.id)));
			return runs.flatMap((run) => (run?.data.resultData.runData[POLL_NODE]?.[0]?.data?.main[0] ?? []).map((i: Item) => String(i.json.trackingNumber)));
		};

		await activate(session, WORKFLOW);
		// the activation poll only remembers where things stand (emits nothing)
		await waitForPolls(1);
		// before the first scheduled poll: n8n's durable cursors throw away what the activation poll stored
		await ship('A');
		await waitForPolls(2);
		await ship('B');
		await waitForPolls(3);
		await n8n.stop();
		await ship('C');
		await start();
		const afterRestart = polls();
		await waitForPolls(afterRestart + 2);
		// a loaded machine runs polls late and their executions later still
		const all = Object.values(shipped).flat();
		for (let more = 0; more < 6; more++) {
			const out = await emitted();
			if (all.every((t) => out.includes(t))) break;
			await waitForPolls(polls() + 1);
		}
		await deactivate(session, WORKFLOW);
		const out = await emitted();
		const line = Object.entries(shipped)
			.map(([batch, tns]) => `${batch}: ${tns.filter((t) => out.includes(t)).length} of ${tns.length} emitted`)
			.join(', ');
		say(`${polls()} polls, ${out.length} items for ${all.length} packages (${line}), ${Math.round((Date.now() - began) / 1000)} s`);
		assert.equal(new Set(out).size, out.length, 'no package emitted twice');
		assert.deepEqual([...out].sort(), [...all].sort(), 'every package emitted, and nothing else');
	});
});
