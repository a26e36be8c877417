// Transfer orders: open until work starts; completing one moves stock and records 'Transfer Out' and 'Transfer In'.
import {
	badRequest,
	fail,
	created,
	ok,
	oneOf,
	optObject,
	optString,
	parseUsDate,
	reqString,
	transactionReference,
	type JsonObject,
	type RequestContext,
} from '../frame';
import type { SandboxState } from '../state';
import { TAX_STATUS_CODES, TRANSFER_STATUS_CODES, checkWarehouse, parseIsoDateTime } from '../inventory/codes';
import { orderBook, type MovementOrder } from './orders';
import { changeStock, checkEmail, optStrings, readItems, stockRecord } from './stock';

export type TransferOrderState = 'open' | 'in-progress' | 'completed' | 'cancelled';

export interface SandboxTransferOrder extends MovementOrder<TransferOrderState> {
	/** the day the transfer is requested for, YYYY-MM-DD: create's date as given, an update's date-time as its UTC day */
	requestedDay: string;
}

export const transferOrders = (state: SandboxState) =>
	state.store('transferOrders', () => new Map<string, SandboxTransferOrder>());

const QUANTITY_UNITS = ['RETAIL', 'WHOLESALE', 'AUTO'] as const;

function checkStatus(value: string | undefined, key: string): string | undefined {
	return oneOf(value, TRANSFER_STATUS_CODES, key);
}

/** The day of an instant (epoch ms) in UTC, YYYY-MM-DD. */
const dayOf = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** Transfer item extras: QuantityUnit, InventoryTaxStatus, UnitPrice. */
function checkTransferItem(entry: JsonObject): void {
	oneOf(optString(entry, 'QuantityUnit'), QUANTITY_UNITS, 'QuantityUnit');
	oneOf(optString(entry, 'InventoryTaxStatus'), TAX_STATUS_CODES, 'InventoryTaxStatus');
	const price = entry.UnitPrice;
	if (price !== undefined && price !== null && (typeof price !== 'number' || price < 0)) {
		badRequest('UnitPrice must be a non-negative number');
	}
}

const { find, requireOpen, startWork } = orderBook('Transfer order', transferOrders);

export function createTransferOrder({ body, state }: RequestContext) {
	const info = optObject(body, 'TransferInfo') ?? badRequest('TransferInfo is required');
	const ref = reqString(info, 'CustomerReferenceNo');
	// a "date" (the create table): MM/DD/YYYY, the one form the interface states for a date string; else 400
	const requestedDay = dayOf(parseUsDate(reqString(info, 'RequestedDate'), 'RequestedDate'));
	const from = checkWarehouse(reqString(info, 'TransferFromWarehouse'), 'TransferFromWarehouse');
	const to = checkWarehouse(reqString(info, 'TransferToWarehouse'), 'TransferToWarehouse');
	if (from === to) badRequest('TransferToWarehouse must differ from TransferFromWarehouse');
	checkStatus(reqString(info, 'InventoryStatusCode'), 'InventoryStatusCode');
	checkStatus(optString(info, 'TransferToInventoryStatusCode'), 'TransferToInventoryStatusCode');
	for (const key of ['FirstName', 'LastName', 'PhoneNumber']) reqString(info, key);
	checkEmail(reqString(info, 'EmailAddress'));
	optStrings(info, ['SpecialInstruction']);
	const items = readItems(state, body, checkTransferItem);
	const existing = transferOrders(state).get(ref);
	if (existing && existing.state !== 'cancelled') badRequest(`A transfer order with CustomerReferenceNo ${ref} already exists`);
	const order: SandboxTransferOrder = {
		CustomerReferenceNo: ref,
		TransactionReferenceNumber: transactionReference(state),
		state: 'open',
		info: { ...info },
		requestedDay,
		items,
		createdAt: state.now(),
		updatedAt: state.now(),
	};
	transferOrders(state).set(ref, order);
	return created(order.TransactionReferenceNumber);
}

export function updateTransferOrder({ body, state }: RequestContext) {
	const info = optObject(body, 'TransferInfo') ?? badRequest('TransferInfo is required');
	const order = find(state, reqString(info, 'CustomerReferenceNo'));
	requireOpen(order, 'updated');
	// the update's RequestedDate is an ISO 8601 date-time (the interface); the transfer keeps its UTC day
	const date = optString(info, 'RequestedDate');
	const requestedDay = date === undefined ? order.requestedDay : dayOf(parseIsoDateTime(date, 'RequestedDate'));
	checkStatus(optString(info, 'InventoryStatusCode'), 'InventoryStatusCode');
	optStrings(info, ['TransferOrderNumber', 'FirstName', 'LastName', 'PhoneNumber', 'SpecialInstruction']);
	checkEmail(optString(info, 'EmailAddress'));
	const items = body.ItemsInfo === undefined ? undefined : readItems(state, body);
	order.info = { ...order.info, ...info };
	order.requestedDay = requestedDay;
	if (items) order.items = items;
	order.updatedAt = state.now();
	return ok();
}

export function cancelTransferOrder({ body, state }: RequestContext) {
	const order = find(state, reqString(body, 'CustomerReferenceNo'));
	requireOpen(order, 'cancelled');
	order.state = 'cancelled';
	order.updatedAt = state.now();
	return ok(transactionReference(state));
}

/** Control: the warehouse starts work on an open transfer order; it can no longer be updated or cancelled. */
export const startTransferOrderWork = startWork;

/**
 * Control: the transfer completes. Quantities are moved as given (the sandbox does not convert
 * cases); the destination status is TransferToInventoryStatusCode, else the from-status. Nothing
 * moves unless every item is available in the from-warehouse.
 */
export function completeTransferOrder(state: SandboxState, input: JsonObject) {
	const order = find(state, reqString(input, 'CustomerReferenceNo'));
	if (order.state !== 'open' && order.state !== 'in-progress') {
		fail(409, `Transfer order ${order.CustomerReferenceNo} is ${order.state}`);
	}
	const from = order.info.TransferFromWarehouse as string;
	const to = order.info.TransferToWarehouse as string;
	const status = order.info.InventoryStatusCode as string;
	const toStatus = (order.info.TransferToInventoryStatusCode as string | undefined) ?? status;
	const needed = new Map<string, number>();
	for (const item of order.items) needed.set(item.ItemNo, (needed.get(item.ItemNo) ?? 0) + item.ItemQuantity);
	for (const [itemNo, quantity] of needed) {
		const available = stockRecord(state, itemNo, from, status).QuantityAvailable;
		if (available < quantity) fail(409, `Only ${available} of ${itemNo} available in ${from} (${status}); ${quantity} needed`);
	}
	const reference = order.CustomerReferenceNo;
	const transactions = order.items.flatMap((item) => [
		changeStock(state, {
			ItemNo: item.ItemNo, Warehouse: from, InventoryStatus: status, Quantity: -item.ItemQuantity,
			TransactionType: 'Transfer Out', Reference: reference,
		}),
		changeStock(state, {
			ItemNo: item.ItemNo, Warehouse: to, InventoryStatus: toStatus, Quantity: item.ItemQuantity,
			TransactionType: 'Transfer In', Reference: reference,
		}),
	]);
	order.state = 'completed';
	order.updatedAt = state.now();
	return { CustomerReferenceNo: reference, state: order.state, transactions };
}
