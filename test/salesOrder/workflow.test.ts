// A workflow JSON fixture: a store order goes in with Create, and the next node uses its transaction reference number.
import { fixture } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';
import { salesOrders } from '../sandbox/stores';
import { paired } from './helpers';

const fx = useSandbox();

describe('workflow: create a sales order, then print its JIT label', () => {
	it('passes the transaction reference number to the next node, which gets a PDF per order', async () => {
		const result = await fx.run(fixture('salesOrder-create-then-label.json'));
		expect(result.error).toBeUndefined();
		const orders = salesOrders(fx.sandbox.state);
		expect(orders.map((o) => [o.OrderNo, o.items.length])).toEqual([
			['SHOP-5001', 1],
			['SHOP-5002', 2],
		]);
		expect(orders[1].request.RecipientContactInfo).toEqual({ FirstName: 'Grace', LastName: 'Hopper', City: 'Sonoma' });

		const labels = result.output('JIT Label');
		expect(labels.map((l) => [l.json.TransactionReferenceNumber, paired(l)])).toEqual(
			orders.map((o, i) => [o.TransactionReferenceNumber, i]),
		);
		for (const item of labels) {
			expect(item.binary?.label.mimeType).toBe('application/pdf');
			expect(Buffer.from(item.binary!.label.data, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
		}
		const sent = await fx.control.requests('GenerateJitLabel');
		expect(sent.map((r) => r.body.TransactionReferenceNumber)).toEqual(orders.map((o) => o.TransactionReferenceNumber));
	});
});
