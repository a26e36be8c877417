// The node as an AI Agent's tool, run through n8n-core's tool path: each invocation is its own node run (n8n gives
// every one the same execute data), so what one completed is never the answer to another.
import { useStore } from '../exactlyOnce/helpers';
import { runAsTool } from '../harness/agent';
import { useSandbox } from '../harness/sandbox';
import { ordersPerNumber } from '../sandbox/stores';
import { SKU_A, line, salesOrder } from '../salesOrder/helpers';

const fx = useSandbox({ inventoryRecords: 48 });
useStore();

const fromAI = (key: string, hint: string) => `={{ $fromAI('${key}', '${hint}', 'string') }}`;

describe('the node as a tool, invoked several times in one execution', () => {
	it('creates each order the agent asks for, and answers each call with its own order', async () => {
		const { result, answers } = await runAsTool(
			fx,
			salesOrder('create', { orderNo: fromAI('orderNo', 'order number'), orderType: 'RETAIL', itemsInput: 'json', itemsJson: JSON.stringify([line(SKU_A, 1)]) }),
			[{ args: { orderNo: 'AI-0001' } }, { args: { orderNo: 'AI-0002' } }, { args: { orderNo: 'AI-0001' } }],
		);
		expect(result.error).toBeUndefined();
		const created = ordersPerNumber(fx.sandbox.state);
		expect([created.get('AI-0001'), created.get('AI-0002')]).toEqual([1, 1]);
		const said = answers.map((a) => JSON.parse(String(a.result)) as Array<{ OrderNo: string; alreadySent: boolean }>);
		expect(said.map((r) => [r[0].OrderNo, r[0].alreadySent])).toEqual([
			['AI-0001', false],
			['AI-0002', false],
			['AI-0001', true],
		]);
	});
});
