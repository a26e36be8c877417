// Shared bits of the transport tests: a probe workflow and the secrets that must never show.
import type { IDataObject } from 'n8n-workflow';

import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_TYPE } from '../harness/probe';
import { actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';

export const PROBE_NODE = 'Wine Fulfillment';

export function probe(probeParams: IDataObject, options: ActionWorkflowOptions = {}) {
	return actionWorkflow({ probe: JSON.stringify(probeParams) }, { ...options, type: PROBE_TYPE });
}

export const SECRETS = [SANDBOX_CREDENTIALS.userKey, SANDBOX_CREDENTIALS.password, SANDBOX_CREDENTIALS.token];

/** Fails when any secret appears anywhere in the value (error objects included, with their own properties). */
export function expectNoSecrets(value: unknown): void {
	const text = JSON.stringify(value, (_key, v: unknown) =>
		v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause } : v,
	);
	for (const secret of SECRETS) expect(text).not.toContain(secret);
}
