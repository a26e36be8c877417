// An AI Agent as n8n 2.x's Agent (version 3) runs its tools: not through getInputConnectionData's tool object, but by
// handing the engine a request (EngineRequest) to execute the tool node as a node of the workflow, then reading what
// that run put out (its task data) when the engine resumes the agent. The tool node's input item is the agent's input
// item merged with the model's arguments and the call's id; $fromAI reads the arguments from the run's inputOverride.
import type { IDataObject, IExecuteFunctions, INode, INodeExecutionData, INodeParameters, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { TOOL_TYPE, WithAgent } from './agent';
import { runWorkflow, type RunResult } from './harness';
import type { SandboxFixture } from './sandbox';
import { CREDENTIAL_ID } from './workflows';

const AGENT_TYPE = 'test.fakeEngineAgent';
const TOOL_NODE = 'Wine Fulfillment';

interface EngineResponseLike {
	actionResponses: Array<{ action: { id: string }; data: { data?: IDataObject; error?: { message?: string; description?: string | null } } }>;
}

class FakeEngineAgent implements INodeType {
	description = {
		displayName: 'Fake Engine Agent',
		name: 'fakeEngineAgent',
		group: ['transform'],
		version: 1,
		description: '',
		defaults: { name: 'Agent' },
		inputs: ['main', { type: 'ai_tool', required: true }],
		outputs: ['main'],
		properties: [{ displayName: 'Calls', name: 'calls', type: 'json', default: '[]' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions, response?: EngineResponseLike): Promise<INodeExecutionData[][]> {
		if (!response || response.actionResponses.length === 0) {
			const calls = JSON.parse(this.getNodeParameter('calls', 0) as string) as IDataObject[];
			return {
				actions: calls.map((args, i) => ({ actionType: 'ExecutionNodeAction', nodeName: TOOL_NODE, input: args, type: 'ai_tool', id: `call_${i}`, metadata: { itemIndex: 0 } })),
				metadata: {},
			} as unknown as INodeExecutionData[][];
		}
		// what the model is given of each tool run: its output items' JSON (an error run: { error: message })
		return [
			response.actionResponses.map((r) => {
				const items = ((r.data.data?.ai_tool as INodeExecutionData[][] | undefined)?.[0] ?? []).map((i) => i.json);
				return { json: { id: r.action.id, toModel: JSON.stringify(items) } };
			}),
		];
	}
}

/** Runs the node as an Agent V3's tool: each entry of `calls` is one tool call's arguments; what the model is told of each. */
export async function runAsEngineTool(
	fx: Pick<SandboxFixture, 'credential'>,
	parameters: INodeParameters,
	calls: IDataObject[],
	settings: Partial<INode> = {},
): Promise<{ result: RunResult; toModel: string[] }> {
	const json = {
		name: 'engine tool',
		nodes: [
			{ id: 'e1', name: 'Manual Trigger', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0] as [number, number], parameters: {} },
			{ id: 'e2', name: 'Agent', type: AGENT_TYPE, typeVersion: 1, position: [200, 0] as [number, number], parameters: { calls: JSON.stringify(calls) } },
			{
				id: 'e3',
				name: TOOL_NODE,
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
			[TOOL_NODE]: { ai_tool: [[{ node: 'Agent', type: 'ai_tool' as const, index: 0 }]] },
		},
		pinData: { 'Manual Trigger': [{ json: { chatInput: 'hello' } }] },
		// n8n 2.x's workflows run in execution order v1 (the engine then runs a requested tool before resuming the agent)
		settings: { executionOrder: 'v1' },
	};
	const result = await runWorkflow(json, fx.credential(), 'manual', new WithAgent(AGENT_TYPE, new FakeEngineAgent()));
	return { result, toModel: result.output('Agent').map((i) => String(i.json.toModel)) };
}
