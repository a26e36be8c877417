// Our node through n8n-core's engine (the test harness): Manual Trigger → Wine Fulfillment.
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWorkflow, sandboxCredential, type RunResult } from '../../test/harness/harness';
import { ACTION_NODE, actionWorkflow, CREDENTIAL_ID } from '../../test/harness/workflows';

/** Runs one Wine Fulfillment node (version 2, what a new node gets, unless told) over `items` input items; throws when the workflow failed. */
export async function runNode(
	baseUrl: string,
	parameters: INodeParameters,
	items: IDataObject[] = [{}],
	typeVersion = 2,
): Promise<RunResult> {
	const result = await runWorkflow(actionWorkflow(parameters, { items, typeVersion }), { [CREDENTIAL_ID]: sandboxCredential(baseUrl) });
	if (result.error) throw new Error(`workflow failed: ${result.error.message}`);
	return result;
}

export { ACTION_NODE };
