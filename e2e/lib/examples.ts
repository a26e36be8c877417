// The example workflows (examples/*.json) and the sandbox credential they reference, as the main job and the tests import them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

import { SANDBOX_CREDENTIALS } from '../../test/sandbox/server';
import { ROOT, readJson } from './n8n';

/** The credential the examples reference; the main job and the tests create it with this id. */
export const SANDBOX_CREDENTIAL = { id: 'wineSandboxCred1', name: 'Wine Fulfillment Sandbox' } as const;

export const EXAMPLES = {
	sync: 'wineExampleSync1',
	report: 'wineExampleRprt1',
	tracking: 'wineExampleTrck1',
} as const;

export interface WorkflowNode {
	id: string;
	name: string;
	type: string;
	typeVersion: number;
	position: [number, number];
	parameters: Record<string, unknown>;
	credentials?: Record<string, { id: string; name: string }>;
	onError?: string;
	executeOnce?: boolean;
}

export interface WorkflowFile {
	id: string;
	name: string;
	nodes: WorkflowNode[];
	connections: Record<string, unknown>;
	[key: string]: unknown;
}

/** The credential for import:credentials: plaintext data (n8n encrypts it on import). */
export function sandboxCredential(baseUrl: string) {
	const c = SANDBOX_CREDENTIALS;
	return {
		...SANDBOX_CREDENTIAL,
		type: 'wineFulfillmentApi',
		data: { userKey: c.userKey, password: c.password, customerNo: c.customerNo, accessToken: c.token, baseUrl },
	};
}

const workflowsIn = (dir: string) =>
	readdirSync(dir)
		.filter((f) => f.endsWith('.json'))
		.sort()
		.map((f) => ({ file: join(dir, f), workflow: readJson<WorkflowFile>(join(dir, f)) }));

/** examples/*.json with their paths. */
export const exampleWorkflows = () => workflowsIn(join(ROOT, 'examples'));

/** e2e/workflows/*.json: workflows only the end-to-end tests run. */
export const testWorkflows = () => workflowsIn(join(ROOT, 'e2e', 'workflows'));
