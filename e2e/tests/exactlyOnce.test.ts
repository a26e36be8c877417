// Exactly-once orders in a real n8n 2.41 (SQLite, one process) with our packed package: the store-orders example run
// three times, 200 webhook orders with duplicates delivered at once, a refused order corrected, Retry On Fail with 500s,
// and n8n killed (SIGKILL) in a 500-order run, restarted and the execution retried. The sandbox counts orders per number.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import pLimit from 'p-limit';

import { startSandbox, type Sandbox } from '../../test/sandbox/server';
import { ordersPerNumber } from '../../test/sandbox/stores';
import type { Item, RunData } from '../lib/context';
import { EXAMPLES, exampleWorkflows, sandboxCredential } from '../lib/examples';
import {
	CREATE_NODE,
	MANUAL_NODE,
	ONCE_WEBHOOK_PATH,
	ONCE_WORKFLOWS,
	bulkWorkflow,
	byStatus,
	executionsOf,
	order,
	orderNumbers,
	retryWorkflow,
	settledExecutions,
	webhookWorkflow,
} from '../lib/exactlyOnce';
import { ensureN8n, importInto, N8N_DIR, n8nEnv, packPackage, prepareUserFolder, ROOT } from '../lib/n8n';
import { ensureOwner, freePort, login, runManually, serverEnv, startN8n, type N8nServer, type Session } from '../lib/server';

const DIR = join(ROOT, '.work', 'e2e', 'exactly-once');
const KILL_ORDERS = orderNumbers('EO-KILL', 500);
const RETRY_ORDERS = orderNumbers('EO-RETRY', 20);

const flatted = createRequire(join(N8N_DIR, 'node_modules', 'n8n', 'package.json'))('flatted') as { parse(text: string): unknown };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const say = (line: string) => process.stdout.write(`exactlyOnce: ${line}\n`);

/** Items a node put out on an output of its first run (0 main, 1 error output). */
function outputOf(data: RunData['data'], node: string, index = 0): Item[] {
	return data.resultData.runData[node]?.[0]?.data?.main[index] ?? [];
}

describe('exactly-once orders in a real n8n (SQLite, one process)', () => {
	let sandbox: Sandbox;
	let env: NodeJS.ProcessEnv;
	let n8n: N8nServer;
	let session: Session;
	const logFile = join(DIR, 'n8n.log');

	const counts = (numbers: string[]) => {
		const all = ordersPerNumber(sandbox.state);
		return numbers.map((n) => all.get(n) ?? 0);
	};
	const duplicated = (numbers: string[]) => numbers.filter((n, i) => counts(numbers)[i] > 1);

	const start = async () => {
		n8n = await startN8n(env, logFile);
		await ensureOwner(n8n.url);
		session = await login(n8n.url);
	};

	before(async () => {
		const began = Date.now();
		ensureN8n();
		sandbox = await startSandbox({ port: 0, inventoryRecords: 4000, seed: 1 });
		rmSync(DIR, { recursive: true, force: true });
		mkdirSync(DIR, { recursive: true });
		prepareUserFolder(DIR, packPackage());
		env = n8nEnv(DIR, serverEnv(await freePort(), await freePort()));
		importInto('credentials', [sandboxCredential(sandbox.baseUrl)], env);
		const example = exampleWorkflows().find((w) => w.workflow.id === EXAMPLES.sync)?.workflow;
		assert.ok(example, 'the store-orders example');
		importInto('workflow', [example, webhookWorkflow(), bulkWorkflow(KILL_ORDERS), retryWorkflow(RETRY_ORDERS)], env);
		await start();
		const { versionId } = await session.rest<{ versionId: string }>('GET', `/workflows/${ONCE_WORKFLOWS.webhook}`);
		await session.rest('POST', `/workflows/${ONCE_WORKFLOWS.webhook}/activate`, { versionId });
		say(`setup (pack, install, import, start) ${Math.round((Date.now() - began) / 1000)} s`);
	});

	after(async () => {
		await n8n?.stop();
		await sandbox?.close();
	});

	it('the store-orders example executed 3 times: each order once; runs 2 and 3 put out every order as already sent', async () => {
		const trigger = 'When clicking ‘Execute workflow’';
		const runs = [];
		for (let run = 0; run < 3; run++) runs.push(await runManually(session, EXAMPLES.sync, trigger, 120_000));
		const shop = ['SHOP-5001', 'SHOP-5002', 'SHOP-5003'];
		assert.deepEqual(counts(shop), [1, 1, 0], 'orders per number in the sandbox');
		const [first, ...later] = runs.map((r) => outputOf(r.data, 'Create Sales Order'));
		assert.deepEqual(first.map((i) => [i.json.OrderNo, i.json.alreadySent]), [['SHOP-5001', false], ['SHOP-5002', false]]);
		for (const items of later) {
			assert.deepEqual(items.map((i) => [i.json.OrderNo, i.json.alreadySent]), [['SHOP-5001', true], ['SHOP-5002', true]]);
			// the same n8n process sent them, so it still knows their references
			assert.deepEqual(items.map((i) => i.json.TransactionReferenceNumber), first.map((i) => i.json.TransactionReferenceNumber));
		}
		// the refused order is refused again on each run (released, so it is tried again): never created
		for (const run of runs) assert.equal(outputOf(run.data, 'Create Sales Order', 1).length, 1);
		say(`example x3: orders per number ${JSON.stringify(counts(shop))}, runs 2-3 alreadySent`);
	});

	it('200 orders by webhook, 20 % of them delivered twice at once: exactly 200 orders', async () => {
		const numbers = orderNumbers('EO-WH', 200);
		const before = (await executionsOf(session, ONCE_WORKFLOWS.webhook)).count;
		sandbox.faults.latencyMs = 20;
		const url = `${n8n.url}/webhook/${ONCE_WEBHOOK_PATH}`;
		const post = async (body: unknown) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })).status;
		const began = Date.now();
		const limit = pLimit(16);
		const statuses = (
			await Promise.all(
				numbers.map((n, i) => limit(async () => (i % 5 === 0 ? await Promise.all([post(order(n)), post(order(n))]) : [await post(order(n))]))),
			)
		).flat();
		assert.deepEqual([...new Set(statuses)], [200]);
		await settledExecutions(session, ONCE_WORKFLOWS.webhook, before + 240, 10 * 60_000);
		sandbox.faults.latencyMs = 0;
		const perNumber = counts(numbers);
		say(
			`webhook: ${statuses.length} deliveries, ${perNumber.filter((n) => n === 1).length} orders created once, ` +
				`${duplicated(numbers).length} duplicated, executions ${JSON.stringify(await byStatus(session, ONCE_WORKFLOWS.webhook))}, ${Math.round((Date.now() - began) / 1000)} s`,
		);
		assert.deepEqual(duplicated(numbers), [], 'no order twice');
		assert.equal(perNumber.filter((n) => n === 1).length, 200, 'every order once');
	});

	it('a refused order, corrected and delivered again, is sent', async () => {
		const url = `${n8n.url}/webhook/${ONCE_WEBHOOK_PATH}`;
		const deliver = async (body: unknown) => {
			const before = (await executionsOf(session, ONCE_WORKFLOWS.webhook)).count;
			await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
			return (await settledExecutions(session, ONCE_WORKFLOWS.webhook, before + 1, 60_000))[0];
		};
		const refused = await deliver(order('EO-FIX-1', 'WINE-DISCONTINUED'));
		assert.equal(refused.status, 'error');
		assert.deepEqual(counts(['EO-FIX-1']), [0]);
		const corrected = await deliver(order('EO-FIX-1'));
		assert.equal(corrected.status, 'success');
		const again = await deliver(order('EO-FIX-1'));
		assert.equal(again.status, 'success');
		assert.deepEqual(counts(['EO-FIX-1']), [1]);
	});

	it('Retry On Fail on Create with 500s injected after the provider processed orders: 0 duplicates', async () => {
		sandbox.faults.add({ kind: 'status', status: 500, path: 'CreateSalesOrder', when: 'after', every: 7, count: 2 });
		const run = await runManually(session, ONCE_WORKFLOWS.retry, MANUAL_NODE, 120_000);
		sandbox.faults.clear();
		const perNumber = counts(RETRY_ORDERS);
		const error = run.data.resultData.error?.message ?? '';
		say(`Retry On Fail: status ${run.status}, orders per number ${JSON.stringify(perNumber)}, error "${error}"`);
		assert.deepEqual(duplicated(RETRY_ORDERS), []);
		assert.equal(run.status, 'error');
		assert.match(error, /^The sales order EO-RETRY-\d{3} may already have been sent, so it was not sent again$/);
	});

	it('n8n killed (SIGKILL) in a 500-order run, restarted, the execution retried: no order twice, each created once or reported as uncertain', async () => {
		sandbox.faults.add({ kind: 'latency', path: 'CreateSalesOrder', ms: 40 });
		const began = Date.now();
		const { executionId } = await session.rest<{ executionId: string }>('POST', `/workflows/${ONCE_WORKFLOWS.bulk}/run`, {
			triggerToStartFrom: { name: MANUAL_NODE },
		});
		const created = () => counts(KILL_ORDERS).filter((n) => n > 0).length;
		while (created() < 150) {
			if (Date.now() - began > 5 * 60_000) throw new Error(`only ${created()} orders created before the kill`);
			await sleep(50);
		}
		n8n.child.kill('SIGKILL');
		await n8n.exited;
		const atKill = created();
		sandbox.faults.clear();
		await start();

		// n8n marks the killed execution as crashed when it starts again; then it can be retried
		const find = async () => (await executionsOf(session, ONCE_WORKFLOWS.bulk)).newest.find((e) => e.id === String(executionId));
		let killed = await find();
		for (let i = 0; i < 60 && killed && ['new', 'running', 'unknown'].includes(killed.status); i++) {
			await sleep(500);
			killed = await find();
		}
		let how = `retry of execution ${executionId} (${killed?.status})`;
		try {
			await session.rest('POST', `/executions/${executionId}/retry`, { loadWorkflow: false });
		} catch (error) {
			// n8n refused the retry: run it again on the same input, which is what the retry would send
			how = `a new run (n8n refused the retry: ${(error as Error).message.slice(0, 200)})`;
			await session.rest('POST', `/workflows/${ONCE_WORKFLOWS.bulk}/run`, { triggerToStartFrom: { name: MANUAL_NODE } });
		}
		const executions = await settledExecutions(session, ONCE_WORKFLOWS.bulk, 2, 10 * 60_000);
		const latest = executions.find((e) => e.id !== String(executionId));
		assert.ok(latest, 'the retried execution');
		const detail = await session.rest<{ status: string; data: string }>('GET', `/executions/${latest.id}`);
		const data = flatted.parse(detail.data) as RunData['data'];

		const input = outputOf(data, 'One Item Per Order');
		const inputNumbers = input.length ? input.map((i) => String(i.json.OrderNo)) : KILL_ORDERS;
		const numberOf = (item: Item) => {
			const paired = Array.isArray(item.pairedItem) ? item.pairedItem[0] : item.pairedItem;
			return inputNumbers[paired?.item ?? -1];
		};
		const sent = outputOf(data, CREATE_NODE, 0);
		const uncertain = outputOf(data, CREATE_NODE, 1).map(numberOf);
		const perNumber = counts(KILL_ORDERS);
		const neither = KILL_ORDERS.filter((n, i) => perNumber[i] === 0 && !uncertain.includes(n));
		say(
			`SIGKILL: ${atKill} orders created before the kill; then ${how}: ${sent.filter((i) => i.json.alreadySent === true).length} already sent, ` +
				`${sent.filter((i) => i.json.alreadySent === false).length} created, ${uncertain.length} reported uncertain (${uncertain.join(', ')}), ` +
				`${duplicated(KILL_ORDERS).length} duplicated, ${Math.round((Date.now() - began) / 1000)} s`,
		);
		assert.deepEqual(duplicated(KILL_ORDERS), [], 'no order twice');
		assert.deepEqual(neither, [], 'every order created or reported as uncertain');
		assert.ok(uncertain.length <= 10, 'only the orders in flight at the kill are uncertain');
		for (const item of outputOf(data, CREATE_NODE, 1)) assert.match(String(item.json.error), /may already have been sent/);
	});
});
