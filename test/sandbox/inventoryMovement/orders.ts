// What purchase and transfer orders share: the record, lookup by reference, the open-only rule for
// changes, and the warehouse starting work (after which nothing can change).
import { fail, reqString, type JsonObject } from '../frame';
import type { SandboxState } from '../state';
import type { SandboxOrderItem } from '../stores';

export interface MovementOrder<State extends string> {
	CustomerReferenceNo: string;
	TransactionReferenceNumber: string;
	state: State;
	/** OrderInfo or TransferInfo as created and updated */
	info: JsonObject;
	items: SandboxOrderItem[];
	createdAt: number;
	updatedAt: number;
}

/** Lookup and lifecycle rules over one store of orders; `kind` names them in messages ("Purchase order"). */
export function orderBook<O extends MovementOrder<string>>(kind: string, store: (state: SandboxState) => Map<string, O>) {
	const find = (state: SandboxState, ref: string): O => store(state).get(ref) ?? fail(404, `${kind} ${ref} was not found`);

	const requireOpen = (order: O, action: string): void => {
		if (order.state === 'open') return;
		const why =
			order.state === 'in-progress' ? 'work on it has started' : order.state === 'received' ? 'it has been received' : `it is ${order.state}`;
		fail(403, `${kind} ${order.CustomerReferenceNo} cannot be ${action}: ${why}`);
	};

	/** Control: the warehouse starts work on an open order; it can no longer be updated or cancelled. */
	const startWork = (state: SandboxState, input: JsonObject) => {
		const order = find(state, reqString(input, 'CustomerReferenceNo'));
		requireOpen(order, 'started');
		order.state = 'in-progress';
		return { CustomerReferenceNo: order.CustomerReferenceNo, state: order.state };
	};

	return { find, requireOpen, startWork };
}
