// A write's 200 answer that says it failed: the refusal's message shows what the provider said beside its flags (IsSuccess, HasErrors, IsCreated…), never the flag members themselves.
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { CREDENTIAL_ID } from '../harness/workflows';
import { probe } from './helpers';
import { misbehavingServer, type MisbehavingServer } from './misbehavingServer';

let server: MisbehavingServer | undefined;
afterEach(async () => {
	await server?.close();
	server = undefined;
});

async function refusal(answer: Record<string, unknown>) {
	server = await misbehavingServer(() => ({ kind: 'answer', status: 200, body: JSON.stringify(answer) }));
	return await runWorkflow(probe({ endpoint: 'createSalesOrder', retry: { maxRetries: 0 } }), { [CREDENTIAL_ID]: sandboxCredential(server.baseUrl) });
}

describe('a refusal answered with flags and other members', () => {
	it.each([
		['IsSuccess false', { IsSuccess: false, ErrorCode: 'E42' }],
		['HasErrors true', { HasErrors: true, ErrorCode: 'E42' }],
		['IsCreated false', { IsCreated: false, ErrorCode: 'E42' }],
		['several flags in camelCase', { isSuccess: false, isError: true, failed: true, ErrorCode: 'E42' }],
	])('%s: the message shows the rest of the answer, not the flags', async (_case, answer) => {
		const result = await refusal(answer);
		const message = result.error?.message ?? '';
		expect(message).toMatch(/^The provider refused the request/);
		expect(message).toContain('E42');
		for (const flag of Object.keys(answer).filter((m) => m !== 'ErrorCode')) expect(message).not.toContain(flag);
	});

	it('flags alone: the message says only that the provider refused', async () => {
		const result = await refusal({ IsSuccess: false, HasErrors: true });
		expect(result.error?.message).toBe('The provider refused the request');
	});
});
