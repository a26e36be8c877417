// A long access token (identity providers issue tokens of 8 KB and more) through the whole engine: refusals are
// reported without any form of it, and ordinary answers are put out.
import { createHash } from 'node:crypto';

import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { expectNoSecrets } from './helpers';

const fx = useSandbox({ inventoryRecords: 5 });

/** A long opaque access token (base64url, as identity providers issue them), the same on every run. */
function longToken(n: number): string {
	let s = '';
	for (let i = 0; s.length < n; i++) s += createHash('sha512').update(`tok-${i}`).digest('base64url');
	return s.slice(0, n);
}

const getStatus = { resource: 'inventory', operation: 'getStatus', returnAll: false, limit: 1 };

/** The sandbox accepts the token (and only it), the node's credential holds it. */
async function useToken(token: string) {
	await fx.control.call('POST', 'credentials', { token });
	return token;
}

describe('a long access token', () => {
	it('a 400 echoing the request with Continue On Fail: the error item names the refusal and holds no form of the token', async () => {
		const token = await useToken(longToken(8_000));
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'json' });
		const result = await fx.run(actionWorkflow(getStatus, { continueOnFail: true }), { accessToken: token });
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		expect(String(out[0].json.error)).toContain('The provider rejected the request as invalid');
		expectNoSecrets(out[0].json, [token]);
		expectNoSecrets(result.run, [token]);
	});

	it('the same, the workflow stopping: its error names the refusal and holds no form of the token', async () => {
		const token = await useToken(longToken(8_000));
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo: 'json' });
		const result = await fx.run(actionWorkflow(getStatus), { accessToken: token });
		expect(result.error?.message).toContain('The provider rejected the request as invalid');
		expectNoSecrets({ message: result.error?.message, description: result.error?.description }, [token]);
		expectNoSecrets(result.run, [token]);
	});

	// 12,000 at most: the token goes in a header, and Node's server refuses headers above 16 KB (431)
	it.each([
		['raw', 8_000, 'ServiceAuth ***'],
		['raw', 12_000, 'ServiceAuth ***'],
		['uri', 8_000, 'Authorization=ServiceAuth%20***'],
		['form', 8_000, 'Authorization=ServiceAuth+***'],
		['header', 8_000, 'Authorization *** /'],
	] as const)('a 400 echoing the Authorization header (%s), %i characters: masked in the error item', async (echo, length, masked) => {
		const token = await useToken(longToken(length));
		await fx.control.fault({ kind: 'status', status: 400, path: 'GetStatus', echo });
		const result = await fx.run(actionWorkflow(getStatus, { continueOnFail: true }), { accessToken: token });
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		expect(String(out[0].json.error)).toContain('The provider rejected the request as invalid');
		// the echo of the token reached the node, masked
		expect(String(out[0].json.error)).toContain(masked);
		expectNoSecrets(out[0].json, [token]);
		expectNoSecrets(result.run, [token]);
	});

	it('a 200 Get Status page whose text holds "&" is put out as it came', async () => {
		const token = await useToken(longToken(8_000));
		await fx.control.fault({ kind: 'rewrite', path: 'GetStatus', set: { Note: 'Cabernet & Merlot' } });
		const result = await fx.run(actionWorkflow(getStatus), { accessToken: token });
		expect(result.error?.message?.slice(0, 120)).toBeUndefined();
		const out = result.output(ACTION_NODE);
		expect(out).toHaveLength(1);
		expect(JSON.stringify(out[0].json)).not.toContain('***');
		expectNoSecrets(result.run, [token]);
	});
});
