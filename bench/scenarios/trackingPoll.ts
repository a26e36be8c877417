// Scenario 6: one New Package poll on an account with a long history: requests and time for 0, 10 and 1,000 new packages.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runPoll, sandboxCredential } from '../../test/harness/harness';
import { CREDENTIAL_ID, TRIGGER_NODE, triggerWorkflow } from '../../test/harness/workflows';
import { median, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';
import type { SandboxProcess } from '../lib/sandbox';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const NEW = [0, 10, 1_000];
const HISTORIES = [100_000, 1_000];
const ROUNDS = 3;
const PAGE = 500;

interface Measured {
	history: number;
	fresh: number;
	requests: number;
	wallMs: number;
	emitted: number;
}

/**
 * One round on a fresh sandbox: `history` packages shipped over the 30 days up to two hours before
 * activation (the sandbox's indexes built first, as a provider's are), the trigger activated, then
 * for each count of new packages: they ship over ten minutes, and one poll is measured.
 */
async function oneRound(sandbox: SandboxProcess, history: number): Promise<Measured[]> {
	await sandbox.reset();
	const now = Date.parse((await sandbox.control<{ now: string }>('GET', 'clock')).now);
	await sandbox.control('POST', 'seed-packages', { count: history, startAt: new Date(now - 30 * DAY).toISOString(), spreadMs: Math.floor((30 * DAY - 2 * 60 * MINUTE) / history) });
	await sandbox.control('POST', 'tracking-index', {});
	const workflow = triggerWorkflow({ event: 'newPackage', filters: {}, options: { pageSize: PAGE } } as INodeParameters);
	const credentials = { [CREDENTIAL_ID]: sandboxCredential(sandbox.baseUrl) };
	let staticData: IDataObject = (await runPoll(workflow, TRIGGER_NODE, credentials, {})).staticData;
	const measured: Measured[] = [];
	for (const fresh of NEW) {
		const clock = Date.parse((await sandbox.control<{ now: string }>('GET', 'clock')).now);
		if (fresh) await sandbox.control('POST', 'seed-packages', { count: fresh, startAt: new Date(clock + 30_000).toISOString(), spreadMs: Math.floor((9 * MINUTE) / fresh) });
		await sandbox.control('POST', 'clock', { advanceMs: 10 * MINUTE });
		await sandbox.control('POST', 'tracking-index', {});
		await sandbox.control('DELETE', 'requests');
		const started = performance.now();
		const result = await runPoll(workflow, TRIGGER_NODE, credentials, staticData);
		const wallMs = performance.now() - started;
		staticData = result.staticData;
		const requests = (await sandbox.requests('GetPackages')).length;
		measured.push({ history, fresh, requests, wallMs, emitted: result.items.length });
	}
	return measured;
}

export async function trackingPoll(sandbox: SandboxProcess): Promise<ScenarioResult> {
	const runs: Measured[] = [];
	for (let i = 0; i < ROUNDS; i++) for (const history of HISTORIES) runs.push(...(await oneRound(sandbox, history)));
	const of = (history: number, fresh: number) => runs.filter((r) => r.history === history && r.fresh === fresh);
	const requests = (history: number, fresh: number) => Math.max(...of(history, fresh).map((r) => r.requests));
	/** the pages `fresh` records need: the trigger's pages after the first overlap the one before by one record */
	const pages = (fresh: number) => 1 + Math.ceil(Math.max(0, fresh - PAGE) / (PAGE - 1));
	const rows = HISTORIES.flatMap((history) =>
		NEW.map((fresh) => ({
			'historic packages': history.toLocaleString('en-US'),
			'new packages': fresh.toLocaleString('en-US'),
			emitted: median(of(history, fresh).map((r) => r.emitted)),
			'GetPackages requests': requests(history, fresh),
			'pages the new ones need': pages(fresh),
			'median ms': round(median(of(history, fresh).map((r) => r.wallMs)), 0),
		})),
	);
	const [big, small] = HISTORIES;
	const extra = Math.max(...NEW.map((fresh) => requests(big, fresh) - pages(fresh)));
	const byHistory = Math.max(...NEW.map((fresh) => requests(big, fresh) / requests(small, fresh)));
	return {
		id: 'trackingPoll',
		title: `6. Trigger poll cost: New Package on ${big.toLocaleString('en-US')} historic packages, ${NEW.join(' / ')} new`,
		method:
			`${ROUNDS} rounds per history size, the sandbox in its own process. Each round: a fresh sandbox with the history shipped over 30 days ` +
			`(up to two hours before activation), the trigger activated (first poll), then for 0, 10 and 1,000 new packages shipped over ten ` +
			`minutes one poll through n8n-core's PollContext (pages of ${PAGE}, each after the first overlapping the one before by one record); requests = GetPackages in the sandbox's log for that poll ` +
			`(the most over the rounds), time = wall time of the poll (median). The same with ${small.toLocaleString('en-US')} historic packages as the reference.`,
		rows,
		goals: [
			goal('requests beyond the pages the new packages need', extra, 1, 'requests'),
			goal(`requests with ${big.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} historic packages`, round(byHistory), 1, 'x'),
		],
		runs,
	};
}
