// Retry-After dates as servers write them besides HTTP's own forms: "UTC" for GMT, "+0000", lower case. Read, so the
// request is not resent before the date (was: read as no Retry-After, resent after the 250 ms backoff).
import { DateTime } from 'luxon';

import { retryAfterMs } from '../../nodes/WineFulfillment/transport/request';
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { PROBE_NODE, probe } from './helpers';
import { STATUS_PAGE, misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

const now = DateTime.fromISO('2026-11-29T01:40:00Z', { zone: 'utc' });

it.each(['Sun, 29 Nov 2026 01:40:02 UTC', 'Sun, 29 Nov 2026 01:40:02 +0000', 'sun, 29 nov 2026 01:40:02 gmt'])(
	'retryAfterMs reads %p as 2 s',
	(value) => {
		expect(retryAfterMs(value, now)).toBe(2000);
	},
);

it('a 429 whose Retry-After date says "UTC" is not resent before that date', async () => {
	server = await misbehavingServer((n) => ({
		kind: 'handle',
		handle: (_req, res) => {
			if (n === 0) {
				const at = new Date(Math.floor(Date.now() / 1000) * 1000 + 3000).toUTCString().replace('GMT', 'UTC');
				res.writeHead(429, { 'content-type': 'application/json', 'retry-after': at });
				res.end('{"Message":"Too many requests"}');
			} else {
				res.writeHead(200, { 'content-type': 'application/json' });
				res.end(STATUS_PAGE);
			}
		},
	}));
	const result = await runWorkflow(probe({ endpoint: 'getStatus', body: { Top: 1 }, retry: { baseDelayMs: 250 } }), {
		[CREDENTIAL_ID]: sandboxCredential(server.baseUrl),
	});
	expect(result.error).toBeUndefined();
	expect(result.output(PROBE_NODE)[0].json.statusCode).toBe(200);
	expect(server.requests).toHaveLength(2);
	expect(server.requests[1].at - server.requests[0].at).toBeGreaterThanOrEqual(1500);
});
