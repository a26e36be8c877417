// A Retry-After given as an HTTP date is measured against the answer's own Date, not n8n's clock: a provider whose clock
// runs ahead is waited for as it asks (not refused as minutes away), one whose clock runs behind is not resent early.
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { PROBE_NODE, probe } from './helpers';
import { STATUS_PAGE, misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const MINUTE = 60_000;
const httpDate = (ms: number) => new Date(ms).toUTCString();

/** A provider whose clock is `skewMs` off n8n's: a 429 "come back in `inSeconds`" by its clock, then the page. */
async function skewedProvider(skewMs: number, inSeconds: number, dateHeader = true): Promise<MisbehavingServer> {
	server = await misbehavingServer((n) => ({
		kind: 'handle',
		handle: (_req, res) => {
			// an HTTP date has whole seconds: the Date and the Retry-After are exactly `inSeconds` apart
			const providerNow = Math.floor((Date.now() + skewMs) / 1000) * 1000;
			// Node.js sends its own Date unless told not to
			res.sendDate = false;
			const date: Record<string, string> = dateHeader ? { date: httpDate(providerNow) } : {};
			if (n === 0) {
				res.writeHead(429, { 'content-type': 'application/json', ...date, 'retry-after': httpDate(providerNow + inSeconds * 1000) });
				res.end('{"Message":"Too many requests"}');
			} else {
				res.writeHead(200, { 'content-type': 'application/json', ...date });
				res.end(STATUS_PAGE);
			}
		},
	}));
	return server;
}

// the budget of a run's call is far shorter than the skews: a wait measured on n8n's clock would end the request
const retry = { baseDelayMs: 1, maxDelayMs: 2, maxTotalWaitMs: 30_000 };

async function read(baseUrl: string) {
	return await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry }), { [CREDENTIAL_ID]: sandboxCredential(baseUrl) });
}

describe("transport: a Retry-After date is measured against the answer's own Date", () => {
	it.each([
		['5 minutes ahead', 5 * MINUTE],
		['1 hour ahead', 60 * MINUTE],
	])('a provider whose clock runs %s is waited for as it asks (1 s), and the read goes through', async (_name, skew) => {
		const srv = await skewedProvider(skew, 1);
		const result = await read(srv.baseUrl);
		expect(result.error).toBeUndefined();
		expect(result.output(PROBE_NODE)[0].json.statusCode).toBe(200);
		expect(srv.requests).toHaveLength(2);
		const gap = srv.requests[1].at - srv.requests[0].at;
		expect(gap).toBeGreaterThanOrEqual(900);
		expect(gap).toBeLessThan(5_000);
	});

	it('a provider whose clock runs 5 minutes behind is not sent the request again before the 2 s it asked for', async () => {
		const srv = await skewedProvider(-5 * MINUTE, 2);
		const result = await read(srv.baseUrl);
		expect(result.error).toBeUndefined();
		expect(srv.requests).toHaveLength(2);
		// on n8n's clock that date is 5 minutes past: a backoff of milliseconds
		expect(srv.requests[1].at - srv.requests[0].at).toBeGreaterThanOrEqual(1_900);
	});

	it("without a Date header the date is measured against n8n's clock, still within the call's budget", async () => {
		const srv = await skewedProvider(0, 1, false);
		const result = await read(srv.baseUrl);
		expect(result.error).toBeUndefined();
		// Retry-After has whole seconds and n8n's clock is past the provider's whole second: up to 1 s
		expect(srv.requests[1].at - srv.requests[0].at).toBeLessThan(2_000);
	});

	it('a date further off than the budget still ends the request at once, saying how long the provider asked to wait', async () => {
		const srv = await skewedProvider(5 * MINUTE, 60);
		const result = await read(srv.baseUrl);
		expect(result.error?.httpCode).toBe('429');
		expect(result.error?.description).toContain('The provider asked to wait 60 s before the next request (Retry-After).');
		expect(srv.requests).toHaveLength(1);
	});
});
