// A provider answering as a test says (test/transport/misbehavingServer.ts), the request's body in hand, as the
// credential's Base URL, and workflows run against it.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, sandboxCredential, type RunResult } from '../harness/harness';
import type { SandboxFixture } from '../harness/sandbox';
import { actionWorkflow, CREDENTIAL_ID } from '../harness/workflows';
import { misbehavingServer, type Behaviour, type MisbehavingServer } from '../transport/misbehavingServer';

export async function provider(behaviour: (n: number, body: IDataObject) => Behaviour): Promise<MisbehavingServer> {
	// the body is read by the server before behaviour is asked; pass it through a handle
	return misbehavingServer((n) => ({
		kind: 'handle',
		handle: (req, res) => {
			void req;
			const body = JSON.parse(server.requests[n].body || '{}') as IDataObject;
			const how = behaviour(n, body);
			if (how.kind !== 'answer') throw new Error('only answers here');
			res.writeHead(how.status ?? 200, { 'content-type': 'application/json', ...(how.headers ?? {}) });
			res.end(how.body);
		},
	})).then((s) => (server = s));
}
let server: MisbehavingServer;

export const answer = (body: unknown, status = 200): Behaviour => ({ kind: 'answer', status, body: JSON.stringify(body) });

export function runOn(s: MisbehavingServer, parameters: INodeParameters, timezone = 'America/New_York'): Promise<RunResult> {
	return runWorkflow(actionWorkflow(parameters, { typeVersion: 2, timezone }), {
		[CREDENTIAL_ID]: sandboxCredential(s.baseUrl),
	});
}

/** A SandboxFixture stand-in whose credential points at the misbehaving server (for runAsTool). */
export function fixtureOn(s: MisbehavingServer): SandboxFixture {
	return {
		credential: () => ({ [CREDENTIAL_ID]: sandboxCredential(s.baseUrl) }),
	} as unknown as SandboxFixture;
}
