// GetTransactions: filters the shared transaction log (stores.ts) by the interface's rules, pages with Skip/Top.
import {
	badRequest,
	ok,
	optString,
	optStringList,
	parseUsDate,
	skipTop,
	transactionReference,
	type RequestContext,
} from '../frame';
import { transactions, type SandboxTransaction } from '../stores';
import { checkWarehouse, parseIsoDateTime } from './codes';

/** The date filter rules: one of TransactionDate or TransactionStartDateTime; an end only with a start. */
function dateFilter(body: RequestContext['body']): (t: SandboxTransaction) => boolean {
	const date = optString(body, 'TransactionDate');
	const start = optString(body, 'TransactionStartDateTime');
	const end = optString(body, 'TransactionEndDateTime');
	if (end !== undefined && start === undefined) {
		badRequest('TransactionEndDateTime is only valid with TransactionStartDateTime');
	}
	if (date !== undefined && start !== undefined) {
		badRequest('Give TransactionDate or TransactionStartDateTime, not both');
	}
	if (date !== undefined) {
		parseUsDate(date, 'TransactionDate');
		return (t) => t.TransactionDate === date;
	}
	if (start === undefined) return badRequest('TransactionDate is required unless TransactionStartDateTime is given');
	const from = parseIsoDateTime(start, 'TransactionStartDateTime');
	const to = end === undefined ? Number.POSITIVE_INFINITY : parseIsoDateTime(end, 'TransactionEndDateTime');
	if (to < from) badRequest('TransactionEndDateTime must not be before TransactionStartDateTime');
	return (t) => {
		const at = Date.parse(t.TransactionDateTime);
		return at >= from && at <= to;
	};
}

export function getTransactions({ body, state }: RequestContext) {
	const inDates = dateFilter(body);
	const type = optString(body, 'TransactionType');
	const warehouse = checkWarehouse(optString(body, 'Warehouse'), 'Warehouse');
	const reference = optString(body, 'Reference');
	const status = optString(body, 'InventoryStatus');
	const items = optStringList(body, 'ItemNumbers', 5);
	const itemSet = items?.length ? new Set(items) : undefined;
	const matching = transactions(state).filter(
		(t) =>
			inDates(t) &&
			(!type || t.TransactionType === type) &&
			(!warehouse || t.Warehouse === warehouse) &&
			(!reference || t.Reference === reference) &&
			(!status || t.InventoryStatus === status) &&
			(!itemSet || itemSet.has(t.ItemNo)),
	);
	const { page, ...counters } = skipTop(matching, body);
	return ok({ TransactionReferenceNumber: transactionReference(state), ...counters, InventoryTransactions: page });
}
