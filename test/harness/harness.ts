// Runs workflow JSON (as n8n exports it) through n8n-core's WorkflowExecute with our real node and credential types.
import { ExecutionLifecycleHooks, PollContext, TriggersAndPollers, WebhookContext, WorkflowExecute } from 'n8n-core';
import {
	ICredentialsHelper,
	Workflow,
	type ICredentialDataDecryptedObject,
	type ICredentials,
	type ICredentialType,
	type IDataObject,
	type IHttpRequestOptions,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
	type INodeType,
	type INodeTypes,
	type IPinData,
	type IRun,
	type IConnections,
	type IWorkflowBase,
	type IWorkflowExecuteAdditionalData,
	type IVersionedNodeType,
	type WorkflowExecuteMode,
} from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { WineFulfillmentWebhookApi } from '../../credentials/WineFulfillmentWebhookApi.credentials';
import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { WineFulfillmentTrigger } from '../../nodes/WineFulfillment/WineFulfillmentTrigger.node';
import { WineFulfillmentWebhookTrigger } from '../../nodes/WineFulfillment/WineFulfillmentWebhookTrigger.node';
import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_TYPE, TransportProbe } from './probe';

export const PACKAGE = 'n8n-nodes-wine-fulfillment';
export const ACTION_TYPE = `${PACKAGE}.wineFulfillment`;
export const TRIGGER_TYPE = `${PACKAGE}.wineFulfillmentTrigger`;
export const WEBHOOK_TYPE = `${PACKAGE}.wineFulfillmentWebhookTrigger`;

/** Stand-in for n8n-nodes-base's Manual Trigger (not a dev dependency): emits one empty item. */
class ManualTrigger implements INodeType {
	description = {
		displayName: 'Manual Trigger',
		name: 'manualTrigger',
		group: ['trigger'],
		version: 1,
		description: 'Starts the workflow',
		defaults: { name: 'Manual Trigger' },
		inputs: [],
		outputs: ['main'],
		properties: [],
	} as unknown as INodeType['description'];

	async execute(): Promise<INodeExecutionData[][]> {
		return [[{ json: {} }]];
	}
}

/**
 * The node types a workflow may use, each built when a workflow first asks for it (as n8n loads a package's nodes
 * lazily): a test running the action node does not run the triggers' constructors, so it is not counted as covering
 * their code (mutation testing gives a mutant only the tests that cover it).
 */
const NODE_TYPES: Record<string, () => INodeType> = {
	[ACTION_TYPE]: () => new WineFulfillment(),
	[TRIGGER_TYPE]: () => new WineFulfillmentTrigger(),
	[WEBHOOK_TYPE]: () => new WineFulfillmentWebhookTrigger(),
	'n8n-nodes-base.manualTrigger': () => new ManualTrigger(),
	[PROBE_TYPE]: () => new TransportProbe(),
};

export class NodeTypes implements INodeTypes {
	private readonly types = new Map<string, INodeType>();

	getByName(name: string): INodeType | IVersionedNodeType {
		return this.getByNameAndVersion(name);
	}

	getByNameAndVersion(name: string): INodeType {
		let type = this.types.get(name);
		if (!type) {
			const build = Object.hasOwn(NODE_TYPES, name) ? NODE_TYPES[name] : undefined;
			if (!build) throw new Error(`Unknown node type ${name}`);
			type = build();
			this.types.set(name, type);
		}
		return type;
	}

	getKnownTypes(): IDataObject {
		return {};
	}
}

/** The package's credential types by name, as n8n registers them from package.json's n8n.credentials. */
export const CREDENTIAL_TYPES: Record<string, ICredentialType> = {
	wineFulfillmentApi: new WineFulfillmentApi(),
	wineFulfillmentWebhookApi: new WineFulfillmentWebhookApi(),
};

export interface CredentialData extends ICredentialDataDecryptedObject {
	userKey: string;
	password: string;
	customerNo: string;
	accessToken: string;
	baseUrl: string;
}

export function sandboxCredential(baseUrl: string, overrides: Partial<CredentialData> = {}): CredentialData {
	return {
		userKey: SANDBOX_CREDENTIALS.userKey,
		password: SANDBOX_CREDENTIALS.password,
		customerNo: SANDBOX_CREDENTIALS.customerNo,
		accessToken: SANDBOX_CREDENTIALS.token,
		baseUrl,
		...overrides,
	};
}

/**
 * Resolves credentials the way n8n's CredentialsHelper does for our type: the decrypted data
 * comes from the test, and `authenticate` is the credential type's own.
 */
export class CredentialsHelper extends ICredentialsHelper {
	/** how many times a node read (in n8n: loaded and decrypted) a credential */
	reads = 0;

	constructor(private readonly data: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = CREDENTIAL_TYPES[typeName];
		if (typeof type?.authenticate !== 'function') throw new Error(`No authenticate for ${typeName}`);
		return await type.authenticate(credentials, requestOptions);
	}

	async preAuthentication(): Promise<undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<undefined> {
		return undefined;
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('not used by the harness');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		nodeCredentials: { id: string | null; name: string },
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		this.reads++;
		const data = this.data[nodeCredentials.id ?? ''] ?? this.data[type];
		if (!data) throw new Error(`No credential ${nodeCredentials.id} of type ${type}`);
		return { ...data };
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	getCredentialsProperties(type: string): INodeProperties[] {
		return CREDENTIAL_TYPES[type]?.properties ?? [];
	}
}

export interface WorkflowJson {
	name?: string;
	nodes: INode[];
	connections: IConnections;
	pinData?: IPinData;
	settings?: IDataObject;
	staticData?: IDataObject;
}

export function additionalData(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	hooks?: ExecutionLifecycleHooks,
): IWorkflowExecuteAdditionalData {
	return {
		credentialsHelper: new CredentialsHelper(credentials),
		hooks,
		executeWorkflow: async () => {
			throw new Error('sub-workflows are not used in these tests');
		},
		getRunExecutionData: async () => undefined,
		getRuntimeCredential: async () => undefined,
		currentNodeExecutionIndex: 0,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		formBaseUrl: 'http://127.0.0.1:5678/form',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		formTestBaseUrl: 'http://127.0.0.1:5678/form-test',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		mcpBaseUrl: 'http://127.0.0.1:5678/mcp',
		mcpTestBaseUrl: 'http://127.0.0.1:5678/mcp-test',
		variables: {},
		logAiEvent: () => {},
		startRunnerTask: async () => {
			throw new Error('task runners are not used in these tests');
		},
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface RunResult {
	run: IRun;
	/** output items of a node's first run (first output unless another is named) */
	output(nodeName: string, outputIndex?: number): INodeExecutionData[];
	/** the error the workflow stopped with, if any */
	error?: { message: string; description?: string | null; httpCode?: string | null; context?: IDataObject };
	/** how many times the run read a credential */
	credentialReads: number;
}

/** Runs a workflow through WorkflowExecute in the given mode, with credentials by credential id. */
export async function runWorkflow(
	json: WorkflowJson,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	mode: WorkflowExecuteMode = 'manual',
	nodeTypes: NodeTypes = new NodeTypes(),
): Promise<RunResult> {
	return await startWorkflow(json, credentials, mode, nodeTypes).result;
}

export interface StartedRun {
	/** the run's end */
	result: Promise<RunResult>;
	/** what n8n does for the editor's Stop, the workflow's Timeout and a shutdown: WorkflowExecute's PCancelable cancel() */
	cancel(): void;
}

/** Starts a workflow as runWorkflow does, and hands back a way to stop it while it runs. */
export function startWorkflow(
	json: WorkflowJson,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	mode: WorkflowExecuteMode = 'manual',
	nodeTypes: NodeTypes = new NodeTypes(),
): StartedRun {
	const workflow = new Workflow({
		id: 'test-workflow',
		name: json.name ?? 'test',
		nodes: json.nodes,
		connections: json.connections,
		active: false,
		nodeTypes,
		staticData: json.staticData,
		settings: json.settings,
		pinData: json.pinData,
	});
	const workflowData = { id: 'test-workflow', name: json.name ?? 'test', nodes: json.nodes, connections: json.connections } as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks(mode, 'test-execution', workflowData);
	const data = additionalData(credentials, hooks);
	const start = json.nodes.find((n) => n.type.endsWith('Trigger') || n.type.endsWith('.manualTrigger'));
	const running = new WorkflowExecute(data, mode).run({ workflow, startNode: start, pinData: json.pinData });
	const result = (async (): Promise<RunResult> => {
		const run = await running;
		const err = run.data.resultData.error as RunResult['error'];
		return {
			run,
			error: err,
			credentialReads: (data.credentialsHelper as CredentialsHelper).reads,
			output(nodeName: string, outputIndex = 0) {
				const task = run.data.resultData.runData[nodeName]?.[0];
				return (task?.data?.main?.[outputIndex] ?? []) as INodeExecutionData[];
			},
		};
	})();
	return { result, cancel: () => running.cancel() };
}

export interface PollResult {
	/** what the poll emitted (empty when it returned null) */
	items: INodeExecutionData[];
	/** the workflow's static data after the poll, as n8n would store it (JSON) */
	staticData: IDataObject;
}

export interface PollOptions {
	/** n8n 2.x's getPollBudgetMs() for this poll (n8n-core's default when absent: 5 minutes) */
	budgetMs?: number;
	/** as n8n 1.x: the poll context has no getPollBudgetMs at all */
	withoutBudget?: boolean;
}

/**
 * Runs one poll of a polling trigger as n8n does: a PollContext for the node and
 * TriggersAndPollers.runPollFunction. Static data goes in and comes out as JSON, as it is stored
 * between polls (and across restarts). Mode 'manual' is the editor's "Fetch Test Event".
 */
export async function runPoll(
	json: WorkflowJson,
	nodeName: string,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	staticData: IDataObject = {},
	mode: 'trigger' | 'manual' = 'trigger',
	options: PollOptions = {},
): Promise<PollResult> {
	const workflow = new Workflow({
		id: 'poll-workflow',
		name: json.name ?? 'poll',
		nodes: json.nodes,
		connections: json.connections,
		active: mode === 'trigger',
		nodeTypes: new NodeTypes(),
		staticData: JSON.parse(JSON.stringify(staticData)) as IDataObject,
	});
	const node = workflow.getNode(nodeName);
	if (!node) throw new Error(`No node ${nodeName}`);
	const budget = options.budgetMs === undefined ? undefined : () => options.budgetMs as number;
	const context = new PollContext(
		workflow,
		node,
		additionalData(credentials),
		mode,
		mode === 'manual' ? 'manual' : 'activate',
		undefined,
		undefined,
		undefined,
		undefined,
		undefined,
		budget,
	);
	if (options.withoutBudget) delete (context as { getPollBudgetMs?: unknown }).getPollBudgetMs;
	const result = await new TriggersAndPollers().runPollFunction(workflow, node, context);
	return {
		items: result?.[0] ?? [],
		staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject,
	};
}

export interface WebhookDelivery {
	body: unknown;
	headers?: Record<string, string>;
	/** the raw bytes n8n keeps beside the body it parsed (req.rawBody): see webhook.ts asN8nReceives */
	rawBody?: Buffer;
}

export interface WebhookResult {
	/** the HTTP status the sender gets */
	status: number;
	/** what the sender gets back */
	response: unknown;
	/** the items the workflow starts with (empty when nothing is emitted) */
	items: INodeExecutionData[];
	staticData: IDataObject;
}

/**
 * Delivers one webhook call to a webhook trigger as n8n's webhook service does: a WebhookContext
 * over the request, the node's webhook(), then n8n's answer for responseMode "onReceived".
 */
export async function runWebhook(
	json: WorkflowJson,
	nodeName: string,
	delivery: WebhookDelivery,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	staticData: IDataObject = {},
): Promise<WebhookResult> {
	const workflow = new Workflow({
		id: 'webhook-workflow',
		name: json.name ?? 'webhook',
		nodes: json.nodes,
		connections: json.connections,
		active: true,
		nodeTypes: new NodeTypes(),
		staticData: JSON.parse(JSON.stringify(staticData)) as IDataObject,
	});
	const answer = await deliverTo(workflow, nodeName, delivery, credentials);
	return { ...answer, staticData: JSON.parse(JSON.stringify(workflow.staticData)) as IDataObject };
}

/**
 * One call to `workflow`'s webhook trigger `nodeName`, as n8n's webhook service makes it in `mode` ('webhook': the
 * Production URL; 'manual': the Test URL): a WebhookContext over the request, the node's webhook(), then n8n's answer
 * for responseMode "onReceived". The workflow's static data is the caller's (as n8n loads and saves it).
 */
export async function deliverTo(
	workflow: Workflow,
	nodeName: string,
	delivery: WebhookDelivery,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	mode: WorkflowExecuteMode = 'webhook',
): Promise<Omit<WebhookResult, 'staticData'>> {
	const node = workflow.getNode(nodeName);
	if (!node) throw new Error(`No node ${nodeName}`);
	let status = 200;
	let sent: unknown;
	const res = {
		status(code: number) {
			status = code;
			return res;
		},
		json(body: unknown) {
			sent = body;
			return res;
		},
		send(body: unknown) {
			sent = body;
			return res;
		},
		end() {
			return res;
		},
		setHeader() {
			return res;
		},
	};
	const headers = Object.fromEntries(Object.entries(delivery.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]));
	const data = additionalData(credentials);
	Object.assign(data, {
		httpRequest: { body: delivery.body, rawBody: delivery.rawBody, headers, query: {}, params: {}, method: 'POST' },
		httpResponse: res,
	});
	const webhookData = {
		httpMethod: 'POST',
		node: node.name,
		path: 'tracking',
		webhookDescription: { name: 'default', httpMethod: 'POST', path: 'tracking', responseMode: 'onReceived' },
		workflowId: workflow.id,
		workflowExecuteAdditionalData: data,
	};
	const context = new WebhookContext(workflow, node, data, mode, webhookData as never, [], null);
	const type = workflow.nodeTypes.getByNameAndVersion(node.type, node.typeVersion);
	if (!type.webhook) throw new Error(`${node.type} has no webhook()`);
	const result = await type.webhook.call(context);
	const items = (result.workflowData?.[0] ?? []) as INodeExecutionData[];
	if (!result.noWebhookResponse) {
		// n8n answers "onReceived" at once: the node's own response, or its default message
		sent = result.webhookResponse ?? { message: 'Workflow was started' };
	}
	return { status, response: sent, items };
}
