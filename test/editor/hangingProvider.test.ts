// The editor's lookups (the credential's Test button, the Item Number picker) against a provider that sends its headers
// at once and then its answer a byte now and then: given up on within the lookup's bound, as against one that is silent.
// The editor's limits are scaled down here (15 s → 900 ms per answer, 35 s → 2,100 ms per lookup, backoff alike).
import type * as Editor from '../../nodes/WineFulfillment/methods/editor';
import { testCredential } from '../harness/credentialTest';
import { sandboxCredential } from '../harness/harness';
import { searchSkus } from '../harness/listSearch';
import { CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type Behaviour, type MisbehavingServer } from '../transport/misbehavingServer';

const ANSWER_MS = 900;
const LOOKUP_MS = 2_100;

jest.mock('../../nodes/WineFulfillment/methods/editor', () => {
	const actual = jest.requireActual<typeof Editor>('../../nodes/WineFulfillment/methods/editor');
	return {
		...actual,
		EDITOR_LOOKUP_MS: 2_100,
		EDITOR_REQUEST: { timeoutMs: 900, retry: { ...actual.EDITOR_REQUEST.retry, baseDelayMs: 15, maxDelayMs: 120, maxCallMs: 2_100 } },
	};
});

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function provider(behaviour: (n: number) => Behaviour): Promise<MisbehavingServer> {
	server = await misbehavingServer(behaviour);
	return server;
}

// a space every 20 ms: never idle long enough for the socket's idle timer, so only a bound on the whole answer ends it
const trickle: Behaviour = { kind: 'trickle', everyMs: 20 };
const EMPTY_PAGE = JSON.stringify({ Items: [], TotalRecordCount: 0 });

describe("the editor's lookups against a provider that trickles its answer", () => {
	it('keeps the limits the README gives: 15 s an answer, 35 s a lookup', () => {
		const actual = jest.requireActual<typeof Editor>('../../nodes/WineFulfillment/methods/editor');
		expect(actual.EDITOR_REQUEST.timeoutMs).toBe(15_000);
		expect(actual.EDITOR_LOOKUP_MS).toBe(35_000);
		expect(actual.EDITOR_REQUEST.retry?.maxCallMs).toBe(actual.EDITOR_LOOKUP_MS);
	});

	it('the Test button says the request timed out, after one resend, within the lookup bound', async () => {
		const srv = await provider(() => trickle);
		const started = Date.now();
		const result = await testCredential('wineFulfillmentApi', sandboxCredential(srv.baseUrl));
		expect(result.status).toBe('Error');
		expect(result.message).toBe(
			'Could not reach the provider: the request timed out (2 attempts) (ETIMEDOUT): check the Base URL and that this machine can reach it',
		);
		expect(srv.requests).toHaveLength(2);
		expect(Date.now() - started).toBeLessThan(LOOKUP_MS + 2_000);
	}, 15_000);

	it('the picker fails the search as timed out, and closes both connections (n8n keeps the signal of a lookup)', async () => {
		const srv = await provider(() => trickle);
		const failure = await searchSkus({ [CREDENTIAL_ID]: sandboxCredential(srv.baseUrl) }, 'cab').then(
			() => undefined,
			(error: unknown) => error as Error,
		);
		expect(failure?.message).toBe('Could not reach the provider: the request timed out (2 attempts)');
		expect(srv.requests).toHaveLength(2);
		// the trickle goes on for ever: only the node closing the sockets ends the connections
		await Promise.all(srv.requests.map(async (r) => await r.closed));
	}, 15_000);

	it("the picker's requests together end within the lookup bound: a page after a slow lookup gets only what is left", async () => {
		// the whole-item-number lookup is answered after 500 ms of the 2,100 (within its 900); the page then trickles
		const srv = await provider((n) =>
			n === 0 ? { kind: 'handle', handle: (_req, res) => void setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(EMPTY_PAGE), 500) } : trickle,
		);
		const failure = await searchSkus({ [CREDENTIAL_ID]: sandboxCredential(srv.baseUrl) }, 'cab').then(
			() => undefined,
			(error: unknown) => error as Error,
		);
		expect(failure?.message).toBe('Could not reach the provider: the request timed out');
		// the page timed out at 1,400 ms and is not sent again: less than one answer's time is left of the lookup
		expect(srv.requests).toHaveLength(2);
		expect(500 + 2 * ANSWER_MS).toBeGreaterThan(LOOKUP_MS);
	}, 15_000);
});
