// Time bounds: an answer that trickles is cut off at its request's timeout (body included), in a node run and in a poll
// (where the socket is closed too); a call's attempts and waits together end within its maxCallMs.
import { PollContext } from 'n8n-core';
import {
	NodeApiError,
	Workflow,
	type IDataObject,
	type INodeParameters,
} from 'n8n-workflow';

import { apiRequest } from '../../nodes/WineFulfillment/transport/request';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { NodeTypes, additionalData, runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID, TRIGGER_NODE, triggerWorkflow } from '../harness/workflows';
import { probe } from './helpers';
import { STATUS_PAGE, misbehavingServer, type Behaviour, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function provider(behaviour: (n: number) => Behaviour): Promise<MisbehavingServer> {
	server = await misbehavingServer(behaviour);
	return server;
}

const quick = { baseDelayMs: 1, maxDelayMs: 2 };

async function runProbe(baseUrl: string, params: IDataObject) {
	return await runWorkflow(probe(params), { [CREDENTIAL_ID]: sandboxCredential(baseUrl) });
}

/** apiRequest in a poll's context (n8n-core's PollContext for the trigger node), as the trigger's reads run. */
function pollContext(baseUrl: string): PollContext {
	const json = triggerWorkflow({ event: 'newPackage', filters: {}, options: {} } as INodeParameters);
	const workflow = new Workflow({ id: 'poll', nodes: json.nodes, connections: {}, active: true, nodeTypes: new NodeTypes() });
	const node = workflow.getNode(TRIGGER_NODE);
	if (!node) throw new Error('no trigger node');
	return new PollContext(workflow, node, additionalData({ [CREDENTIAL_ID]: sandboxCredential(baseUrl) }), 'trigger', 'activate');
}

describe('transport: an answer that trickles is cut off at its timeout, body included', () => {
	// a space every 20 ms: the socket is never idle for the 1 s timeout, so only a deadline on the whole answer ends it
	const trickle: Behaviour = { kind: 'trickle', everyMs: 20 };

	it('a node run: a read is timed out and sent again, and the second answer is read', async () => {
		const srv = await provider((n) => (n === 0 ? trickle : { kind: 'answer', body: STATUS_PAGE }));
		const started = Date.now();
		const result = await runProbe(srv.baseUrl, { endpoint: 'getStatus', body: { Top: 1 }, timeoutMs: 1_000, retry: { ...quick, maxRetries: 1 } });
		// one timeout and an answer: nowhere near the seconds a trickle lasts
		expect(Date.now() - started).toBeLessThan(6_000);
		expect(result.error).toBeUndefined();
		expect(result.output('Wine Fulfillment')[0].json.statusCode).toBe(200);
		expect(srv.requests).toHaveLength(2);
	}, 15_000);

	it('a node run: a write is timed out and not sent again; the error says it may have taken effect', async () => {
		const srv = await provider(() => trickle);
		const started = Date.now();
		const result = await runProbe(srv.baseUrl, { endpoint: 'createSalesOrder', body: { OrderNo: 'T-1' }, timeoutMs: 1_000, retry: quick });
		expect(Date.now() - started).toBeLessThan(6_000);
		expect(result.error?.message).toBe('The request to the provider was sent, then the request timed out: the request may have taken effect, check before sending it again');
		expect(result.error?.description).toContain('may have processed it (ETIMEDOUT)');
		expect(srv.requests).toHaveLength(1);
	}, 15_000);

	it('a poll: the read fails as timed out and its connection is closed (n8n keeps the signal of a poll)', async () => {
		const srv = await provider(() => trickle);
		const failure = await apiRequest
			.call(pollContext(srv.baseUrl), ENDPOINTS.getPackages, {}, { timeoutMs: 1_000, retry: { ...quick, maxRetries: 0 } })
			.then(
				() => undefined,
				(error: unknown) => error,
			);
		expect(failure).toBeInstanceOf(NodeApiError);
		expect((failure as NodeApiError).message).toBe('Could not reach the provider: the request timed out');
		// the trickle goes on for ever: only the node closing the socket ends its connection
		await srv.requests[0].closed;
		expect(srv.requests).toHaveLength(1);
	}, 15_000);
});

describe("transport: a call's attempts and waits together end within maxCallMs", () => {
	it('a read whose answer never comes is not sent 9 times at its timeout each: it ends within the call bound', async () => {
		const srv = await provider(() => ({ kind: 'silent' }));
		const started = Date.now();
		const policy = { ...quick, maxRetries: 8, maxCallMs: 1_700 };
		const result = await runProbe(srv.baseUrl, { endpoint: 'getStatus', body: { Top: 1 }, timeoutMs: 500, retry: policy });
		const took = Date.now() - started;
		expect(result.error?.message).toMatch(/^Could not reach the provider: the request timed out \(\d attempts\)$/);
		// attempts of 500 ms within 1,700 ms: sent again while a whole attempt fits, then given up (8 retries would be 9)
		expect(srv.requests.length).toBeGreaterThanOrEqual(2);
		expect(srv.requests.length).toBeLessThanOrEqual(3);
		expect(took).toBeLessThan(1_700 + 1_500);
	}, 15_000);

	it('the last attempt is cut to what is left of the call: a trickle ends at the call bound, not its timeout', async () => {
		const srv = await provider(() => ({ kind: 'trickle', everyMs: 20 }));
		const started = Date.now();
		const result = await runProbe(srv.baseUrl, {
			endpoint: 'getStatus',
			body: { Top: 1 },
			timeoutMs: 60_000,
			retry: { ...quick, maxRetries: 8, maxCallMs: 1_000 },
		});
		expect(result.error?.message).toBe('Could not reach the provider: the request timed out');
		expect(srv.requests).toHaveLength(1);
		expect(Date.now() - started).toBeLessThan(10_000);
	}, 15_000);
});
