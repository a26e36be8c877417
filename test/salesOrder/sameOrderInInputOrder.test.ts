// Writes that change the same sales order in one run reach the provider one after another, in input order, so the last
// input item's change is the one it keeps; writes to different orders still go concurrently (bug hunt 44,
// actions/operation.ts `keyed`).
import type { IDataObject } from 'n8n-workflow';

import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { SKU_A, createOrder, line, orderIn, salesOrder } from './helpers';

const fx = useSandbox();

const update = (params: Record<string, unknown>, items: IDataObject[], continueOnFail = false) =>
	actionWorkflow(salesOrder('update', { transactionReferenceNumber: '={{ $json.trn }}', ...params }), { items, continueOnFail });

const instructions = (trn: string) => (orderIn(fx, trn).request as { OrderInfo: { SpecialInstructions?: string } }).OrderInfo.SpecialInstructions;

describe('Sales Order → Update: two items for the same order', () => {
	it('the first one a little slower on its way: the provider keeps the last one', async () => {
		const trn = await createOrder(fx, { OrderNo: 'S-1', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'latency', path: 'UpdateSalesOrder', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			update({ updateFields: { specialInstructions: '={{ $json.note }}' } }, [
				{ trn, note: 'Ring twice' },
				{ trn, note: 'Leave at the back door' },
			]),
		);
		expect(result.error).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json.Updated)).toEqual([true, true]);
		expect(instructions(trn)).toBe('Leave at the back door');
		// the second was sent only once the first had been answered
		const [first, second] = await fx.control.requests('UpdateSalesOrder');
		expect((first.body as { OrderInfo: IDataObject }).OrderInfo.SpecialInstructions).toBe('Ring twice');
		expect(second.at - first.at).toBeGreaterThanOrEqual(300);
	});

	it('with Continue On Fail, the second is sent after the first failed, and applied', async () => {
		const trn = await createOrder(fx, { OrderNo: 'S-2', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'status', path: 'UpdateSalesOrder', when: 'before', status: 400, body: { Message: 'Refused' }, count: 1 });
		const result = await fx.run(
			update(
				{ updateFields: { specialInstructions: '={{ $json.note }}' } },
				[
					{ trn, note: 'Ring twice' },
					{ trn, note: 'Leave at the back door' },
				],
				true,
			),
		);
		expect(result.error).toBeUndefined();
		const [failed, done] = result.output(ACTION_NODE);
		expect(failed.json.error).toBeDefined();
		expect(done.json.Updated).toBe(true);
		expect(instructions(trn)).toBe('Leave at the back door');
	});

	it('without Continue On Fail, the first failing stops the run: the second is not sent', async () => {
		const trn = await createOrder(fx, { OrderNo: 'S-3', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'status', path: 'UpdateSalesOrder', when: 'before', status: 400, body: { Message: 'Refused' }, count: 1 });
		const result = await fx.run(
			update({ updateFields: { specialInstructions: '={{ $json.note }}' } }, [
				{ trn, note: 'Ring twice' },
				{ trn, note: 'Leave at the back door' },
			]),
		);
		expect(result.error?.description).toContain('Not sent: item 2.');
		expect(await fx.control.requests('UpdateSalesOrder')).toHaveLength(1);
		expect(instructions(trn)).toBeUndefined();
	});

	it('Update Addresses: the provider keeps the last item\'s address', async () => {
		await createOrder(fx, { OrderNo: 'S-4', items: [line(SKU_A, 1)] });
		await fx.control.fault({ kind: 'latency', path: 'SalesOrder/Addresses', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			actionWorkflow(
				salesOrder('updateAddresses', { locateBy: 'orderNo', orderNo: '={{ $json.no }}', recipientContactInfo: { address2: '={{ $json.suite }}' } }),
				{ items: [{ no: 'S-4', suite: 'Suite 1' }, { no: 'S-4', suite: 'Suite 9' }] },
			),
		);
		expect(result.error).toBeUndefined();
		const sent = await fx.control.requests('SalesOrder/Addresses');
		expect(sent.map((r) => (r.body as { RecipientContactInfo: IDataObject }).RecipientContactInfo.Address2)).toEqual(['Suite 1', 'Suite 9']);
		expect(sent[1].at - sent[0].at).toBeGreaterThanOrEqual(300);
	});
});

describe('Sales Order → Update: items for different orders', () => {
	it('are still sent concurrently: a slow first one does not hold the second back', async () => {
		const one = await createOrder(fx, { OrderNo: 'S-5', items: [line(SKU_A, 1)] });
		const two = await createOrder(fx, { OrderNo: 'S-6', items: [line(SKU_A, 1)] });
		await fx.control.call('DELETE', 'requests');
		await fx.control.fault({ kind: 'latency', path: 'UpdateSalesOrder', when: 'before', ms: 300, count: 1 });
		const result = await fx.run(
			update({ updateFields: { specialInstructions: '={{ $json.note }}' } }, [
				{ trn: one, note: 'First' },
				{ trn: two, note: 'Second' },
			]),
		);
		expect(result.error).toBeUndefined();
		// the sandbox logs a request when it answers it: the second order's was answered first
		const sent = await fx.control.requests('UpdateSalesOrder');
		expect(sent.map((r) => (r.body as { TransactionReferenceNumber: string }).TransactionReferenceNumber)).toEqual([two, one]);
		expect(instructions(one)).toBe('First');
		expect(instructions(two)).toBe('Second');
	});
});
