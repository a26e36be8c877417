// The node run as an AI Agent's tool through n8n-core's own tool path (getInputConnectionData → createNodeAsTool →
// makeHandleToolInvocation → execute under a SupplyDataContext): a small agent node asks n8n-core for its tool and
// invokes it with the arguments a model would give, catching what the tool throws as an agent does.
import type {
	IDataObject,
	IExecuteFunctions,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';

import { WineFulfillment } from '../../nodes/WineFulfillment/WineFulfillment.node';
import { NodeTypes, PACKAGE, runWorkflow, type RunResult } from './harness';
import type { SandboxFixture } from './sandbox';
import { CREDENTIAL_ID } from './workflows';

export const TOOL_TYPE = `${PACKAGE}.wineFulfillmentTool`;
const AGENT_TYPE = 'test.fakeAgent';

/** What n8n's loader does for a node with usableAsTool (convertNodeToAiTool): the same node, with one ai_tool output. */
function toolVariant(): INodeType {
	const node = new WineFulfillment();
	const description: INodeTypeDescription = {
		...node.description,
		name: 'wineFulfillmentTool',
		displayName: `${node.description.displayName} Tool`,
		inputs: [],
		outputs: ['ai_tool'],
	} as INodeTypeDescription;
	return Object.assign(Object.create(Object.getPrototypeOf(node) as object) as INodeType, node, { description });
}

export interface ToolCall {
	args: IDataObject;
}

/** The agent: invokes its one tool once per call, each result (or error text) an output item. */
class FakeAgent implements INodeType {
	description = {
		displayName: 'Fake Agent',
		name: 'fakeAgent',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Agent' },
		inputs: ['main', { type: 'ai_tool', required: true }],
		outputs: ['main'],
		properties: [{ displayName: 'Calls', name: 'calls', type: 'json', default: '[]' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		const tools = (await this.getInputConnectionData('ai_tool', 0)) as Array<{ invoke: (a: IDataObject) => Promise<string> }>;
		const calls = JSON.parse(this.getNodeParameter('calls', 0) as string) as ToolCall[];
		const out: INodeExecutionData[] = [];
		for (const call of calls) {
			try {
				const result = await tools[0].invoke(call.args);
				out.push({ json: { result } });
			} catch (error) {
				const e = error as Error & { description?: string };
				out.push({ json: { error: e.message, type: e.constructor.name, description: e.description ?? null } });
			}
		}
		return [out];
	}
}

/** The harness's node types, with the node's tool variant (TOOL_TYPE) and a fake agent known by `agentType`. */
export class WithAgent extends NodeTypes {
	private readonly tool = toolVariant();

	constructor(
		private readonly agentType: string,
		private readonly agent: INodeType,
	) {
		super();
	}

	getByNameAndVersion(name: string): INodeType {
		if (name === TOOL_TYPE) return this.tool;
		if (name === this.agentType) return this.agent;
		return super.getByNameAndVersion(name);
	}
}

/**
 * Runs the node as the agent's one tool, invoked once per call in one execution; the agent's answers, in order.
 * `settings`: the tool node's own settings (Retry On Fail: n8n-core tries a tool call again itself).
 */
export async function runAsTool(
	fx: SandboxFixture,
	parameters: INodeParameters,
	calls: ToolCall[],
	timezone?: string,
	settings: Partial<INode> = {},
): Promise<{ result: RunResult; answers: IDataObject[] }> {
	const json = {
		name: 'tool',
		nodes: [
			{ id: 't1', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
			{ id: 't2', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [200, 0] as [number, number], parameters: { calls: JSON.stringify(calls) } },
			{
				id: 't3',
				name: 'Wine Fulfillment',
				type: TOOL_TYPE,
				typeVersion: 2,
				position: [200, 200] as [number, number],
				parameters,
				credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
				...settings,
			},
		],
		connections: {
			'Manual Trigger': { main: [[{ node: 'Agent', type: 'main' as const, index: 0 }]] },
			'Wine Fulfillment': { ai_tool: [[{ node: 'Agent', type: 'ai_tool' as const, index: 0 }]] },
		},
		pinData: { 'Manual Trigger': [{ json: {} }] },
		...(timezone ? { settings: { timezone } } : {}),
	};
	const result = await runWorkflow(json, fx.credential(), 'manual', new WithAgent(AGENT_TYPE, new FakeAgent()));
	return { result, answers: result.output('Agent').map((i) => i.json) };
}

