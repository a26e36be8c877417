// Builds the workflow JSON tests run: Manual Trigger (with pinned input items) → Wine Fulfillment.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { ACTION_TYPE, TRIGGER_TYPE, type WorkflowJson } from './harness';

export const CREDENTIAL_ID = 'wf-cred-1';
export const ACTION_NODE = 'Wine Fulfillment';

export interface ActionWorkflowOptions {
	/** node type to put in place of the action node (e.g. the transport probe) */
	type?: string;
	/** input items for the action node (pinned on the trigger); one empty item when absent */
	items?: IDataObject[];
	continueOnFail?: boolean;
	/** failed items leave on a second, error output ("Continue (using error output)") */
	errorOutput?: boolean;
	/** the workflow's time zone setting (n8n's default, America/New_York, when absent) */
	timezone?: string;
	/** the action node's version (1, as most saved workflows have it, unless given) */
	typeVersion?: number;
}

export function actionWorkflow(parameters: INodeParameters, options: ActionWorkflowOptions = {}): WorkflowJson {
	const items = options.items ?? [{}];
	return {
		name: 'test',
		nodes: [
			{
				id: 'a1',
				name: 'Manual Trigger',
				type: 'n8n-nodes-base.manualTrigger',
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'a2',
				name: ACTION_NODE,
				type: options.type ?? ACTION_TYPE,
				typeVersion: options.typeVersion ?? 1,
				position: [220, 0],
				parameters,
				credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
				...(options.continueOnFail ? { onError: 'continueRegularOutput' as const } : {}),
				...(options.errorOutput ? { onError: 'continueErrorOutput' as const } : {}),
			},
		],
		connections: {
			'Manual Trigger': { main: [[{ node: ACTION_NODE, type: 'main', index: 0 }]] },
		},
		pinData: { 'Manual Trigger': items.map((json) => ({ json })) },
		...(options.timezone ? { settings: { timezone: options.timezone } } : {}),
	};
}

/** A workflow JSON fixture from test/workflows. */
export function fixture(name: string): WorkflowJson {
	return JSON.parse(readFileSync(join(__dirname, '..', 'workflows', name), 'utf8')) as WorkflowJson;
}

export const TRIGGER_NODE = 'Wine Fulfillment Trigger';

/** A workflow with only the polling trigger, as n8n stores an active one. */
export function triggerWorkflow(parameters: INodeParameters): WorkflowJson {
	return {
		name: 'trigger',
		nodes: [
			{
				id: 't1',
				name: TRIGGER_NODE,
				type: TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters,
				credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
			},
		],
		connections: {},
	};
}
