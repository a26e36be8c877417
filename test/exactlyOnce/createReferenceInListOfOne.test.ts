// Bug hunt 43 (orders reported as possibly sent that were created; fixed in transport/reference.ts oneResult): a create answered with its result
// wrapped in a list of one ([{"TransactionReferenceNumber": "<GUID>"}] or ["<GUID>"]: a .NET action returning a list,
// a gateway wrapping every answer) is read as a success WITHOUT a reference: the item fails with "the outcome of this
// sales order create is unknown", and every later run refuses the order as "may already have been sent", asking the
// merchant to check an order that was created and answered with its reference.
//
// Where: nodes/WineFulfillment/transport/reference.ts `transactionReferenceOf` reads a string or an object only; the
// transport (transport/request.ts `send`) already reads a one-record write's answer wrapped in a list of one as that
// result (`onlyEntry`), but only to look for a failure flag, so `requireReference` (called by
// actions/salesOrder/create.operation.ts `prepare`) never sees the entry.
//
// Right behaviour: the interface's create answers the transaction reference identifier (service-interface-v3.md
// Endpoints/Fulfillment: "201, JSON string: transaction reference identifier"; rule 4 of "What the service does"). README
// (Write answers) says a one-record write's result wrapped in a list of one "is that result"; read so, the reference
// is the entry's: the order comes out created with it (alreadySent false), and a re-run puts it out as already sent.
import { useSandbox } from '../harness/sandbox';
import { createWorkflow, orders, out, useStore } from './helpers';

const fx = useSandbox();
useStore();

const GUID = '5a1d0000-0000-4000-8000-0000000043a1';

describe('Sales Order → Create answered with its result in a list of one', () => {
	it.each<[string, unknown]>([
		['[{"TransactionReferenceNumber": GUID}]', [{ TransactionReferenceNumber: GUID }]],
		['["GUID"]', [GUID]],
	])('%s: the order is created with that reference, and a re-run puts it out as already sent', async (name, body) => {
		const input = orders(`H43-L${name.length}`, 1);
		await fx.control.fault({ kind: 'status', status: 201, when: 'after', path: 'CreateSalesOrder', count: 1, body });
		const first = await fx.run(createWorkflow(input));
		// was: "The provider answered 201 without a transaction reference, so the outcome of this sales order create is unknown"
		expect(first.error?.message).toBeUndefined();
		expect(out(first).map((i) => [i.json.TransactionReferenceNumber, i.json.alreadySent])).toEqual([[GUID, false]]);

		const again = await fx.run(createWorkflow(input));
		// was: "The sales order … may already have been sent, so it was not sent again"
		expect(again.error?.message).toBeUndefined();
		expect(out(again).map((i) => [i.json.TransactionReferenceNumber, i.json.alreadySent])).toEqual([[GUID, true]]);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(1);
	});
});
