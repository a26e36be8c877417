// Purchase Order, Transfer Order and SKU Create: the record of sent creates is an option (off by default); on, a re-run
// puts out what was created as already sent, and an unknown outcome blocks a resend until it is sent on purpose.
import type { INodeParameters } from 'n8n-workflow';

import { useSandbox } from '../harness/sandbox';
import { actionWorkflow } from '../harness/workflows';
import { out, useStore } from './helpers';
import { transferHeader } from '../transferOrder/parameters';
import { purchaseHeader } from '../purchaseOrder/parameters';

const fx = useSandbox({ inventoryRecords: 240 });
const store = useStore();

const item = (k: number) => fx.sandbox.state.inventory[k * 24].ItemNo;

interface Case {
	label: string;
	path: string;
	thing: string;
	parameters: (ref: string) => INodeParameters;
	identity: string;
}

const CASES: Case[] = [
	{
		label: 'Purchase Order → Create',
		path: 'CreatePurchaseOrder',
		thing: 'purchase order',
		identity: 'CustomerReferenceNo',
		parameters: (ref) => ({
			resource: 'purchaseOrder',
			operation: 'create',
			...purchaseHeader(ref),
			items: { item: [{ itemNo: item(0), itemQuantity: 24 }] },
		}),
	},
	{
		label: 'Transfer Order → Create',
		path: 'CreateTransferOrder',
		thing: 'transfer order',
		identity: 'CustomerReferenceNo',
		parameters: (ref) => ({
			resource: 'transferOrder',
			operation: 'create',
			...transferHeader(ref),
			items: { item: [{ itemNo: item(0), itemQuantity: 1, quantityUnit: 'RETAIL' }] },
		}),
	},
	{
		label: 'SKU → Create',
		path: 'CreateSKU',
		thing: 'SKU',
		identity: 'ItemNo',
		parameters: (ref) => ({
			resource: 'sku',
			operation: 'create',
			itemNo: ref,
			itemCategory: 'Merchandise',
			requestorFirstName: 'Ana',
			requestorLastName: 'Reyes',
			requestorEmail: 'ana.reyes@example.com',
		}),
	},
];

describe.each(CASES)('$label, exactly once across executions', ({ path, thing, identity, parameters }) => {
	const run = (ref: string, extra: Record<string, unknown> = {}) =>
		fx.run(actionWorkflow({ ...parameters(ref), ...extra } as INodeParameters));

	it('is off by default: a re-run sends again, and the provider refuses the existing one (as before)', async () => {
		const first = await run('EO-OFF-1');
		const second = await run('EO-OFF-1');
		expect(first.error).toBeUndefined();
		expect(out(first)[0].json).not.toHaveProperty('alreadySent');
		expect(second.error?.httpCode).toBe('400');
		expect(await fx.control.requests(path)).toHaveLength(2);
		expect(store().calls).toBe(0);
	});

	it('left empty by an expression, it is its default, off: a re-run sends again', async () => {
		const first = await run('EO-EMPTY-1', { sendOnce: '={{ $json.none }}' });
		const second = await run('EO-EMPTY-1', { sendOnce: '={{ "" }}' });
		expect(first.error).toBeUndefined();
		expect(out(first)[0].json).not.toHaveProperty('alreadySent');
		expect(second.error?.httpCode).toBe('400');
		expect(await fx.control.requests(path)).toHaveLength(2);
		expect(store().calls).toBe(0);
	});

	it('turned on, a re-run puts out the one created as already sent, with its reference, and sends nothing', async () => {
		const first = await run('EO-ON-1', { sendOnce: true });
		const second = await run('EO-ON-1', { sendOnce: true });
		expect([first.error, second.error]).toEqual([undefined, undefined]);
		expect(out(first)[0].json).toMatchObject({ [identity]: 'EO-ON-1', alreadySent: false });
		expect(out(second)[0].json).toMatchObject({
			[identity]: 'EO-ON-1',
			alreadySent: true,
			TransactionReferenceNumber: out(first)[0].json.TransactionReferenceNumber,
		});
		// the same item as the run that created it (SKU's success, the orders' Outcome), but for alreadySent
		expect(out(second)[0].json).toEqual({ ...out(first)[0].json, alreadySent: true });
		expect(await fx.control.requests(path)).toHaveLength(1);
	});

	it('turned on, an unknown outcome (500 after processing) blocks a resend until Send Again Even If Sent', async () => {
		await fx.control.fault({ kind: 'status', status: 500, path, when: 'after', count: 1 });
		const first = await run('EO-UNK-1', { sendOnce: true });
		expect(first.error?.description).toContain(`The ${thing} EO-UNK-1 is recorded as possibly sent`);
		const blocked = await run('EO-UNK-1', { sendOnce: true });
		expect(blocked.error?.message).toBe(`The ${thing} EO-UNK-1 may already have been sent, so it was not sent again`);
		expect(blocked.error?.description).toContain('Send Again Even If Sent');
		expect(await fx.control.requests(path)).toHaveLength(1);
		// sent on purpose: here it did exist, and the provider says so
		const again = await run('EO-UNK-1', { sendOnce: true, sendOnceOptions: { sendAgain: true } });
		expect(again.error?.httpCode).toBe('400');
		expect(await fx.control.requests(path)).toHaveLength(2);
	});
});
