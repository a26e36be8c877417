// Steps trigger tests share: a package's life on the sandbox, polled by a trigger workflow as n8n would.
import { runPoll, type WorkflowJson } from '../harness/harness';
import type { SandboxFixture } from '../harness/sandbox';
import { TRIGGER_NODE } from '../harness/workflows';
import { packages } from '../sandbox/stores';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/**
 * Activation, a package shipped and polled on its way, then delivered (the provider writing its Status as `status`):
 * the poll after the delivery.
 */
export async function deliveredAfterActivation(fx: SandboxFixture, wf: WorkflowJson, status: string) {
	let staticData = (await runPoll(wf, TRIGGER_NODE, fx.credential(), {})).staticData;
	await fx.control.call('POST', 'seed-packages', { count: 1, startAt: iso(fx.sandbox.state.now() + MINUTE) });
	await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
	staticData = (await runPoll(wf, TRIGGER_NODE, fx.credential(), staticData)).staticData;
	await fx.control.call('POST', 'clock', { advanceMs: 30 * MINUTE });
	const now = fx.sandbox.state.now();
	Object.assign(packages(fx.sandbox.state)[0], { Status: status, CarrierStatusTimestamp: iso(now), lastActivityAt: now });
	await fx.control.call('POST', 'clock', { advanceMs: 1000 });
	return await runPoll(wf, TRIGGER_NODE, fx.credential(), staticData);
}
