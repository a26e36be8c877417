// Purchase orders (inbound stock): open until work starts; receiving books the stock and records 'Purchase Orders'.
import {
	badRequest,
	fail,
	ok,
	optObject,
	optString,
	parseUsDate,
	reqString,
	transactionReference,
	type JsonObject,
	type RequestContext,
} from '../frame';
import type { SandboxState } from '../state';
import { TAX_STATUS_CODES, TRANSFER_STATUS_CODES, checkWarehouse } from '../inventory/codes';
import { orderBook, type MovementOrder } from './orders';
import { changeStock, checkEmail, optStrings, readItems, stockRecord } from './stock';

export type PurchaseOrderState = 'open' | 'in-progress' | 'received' | 'cancelled';

export type SandboxPurchaseOrder = MovementOrder<PurchaseOrderState>;

export const purchaseOrders = (state: SandboxState) =>
	state.store('purchaseOrders', () => new Map<string, SandboxPurchaseOrder>());

const CONTACT = [
	'TransportMethod', 'ReferenceNo', 'FirstName', 'LastName', 'Company', 'Address', 'Address2',
	'City', 'State', 'ZipCode', 'PhoneNumber', 'SpecialInstruction',
] as const;

const STATUS_CODES: readonly string[] = [...new Set([...TRANSFER_STATUS_CODES, ...TAX_STATUS_CODES])];
const DEFAULT_STATUS = 'GOOD-NO-TX';

function checkStatus(value: string | undefined): string | undefined {
	if (value !== undefined && !STATUS_CODES.includes(value)) badRequest(`InventoryStatusCode ${value} is not a known inventory status code`);
	return value;
}

function checkOrderInfo(info: JsonObject): void {
	optStrings(info, CONTACT);
	const date = optString(info, 'RequestedDate');
	if (date !== undefined) parseUsDate(date, 'RequestedDate');
	checkWarehouse(optString(info, 'ReceiveToLocation'), 'ReceiveToLocation');
	checkStatus(optString(info, 'InventoryStatusCode'));
	checkEmail(optString(info, 'EmailAddress'));
}

/** Stock on the way to the receive-to location: added on create, taken back on change, cancel or receipt. */
function inbound(state: SandboxState, po: SandboxPurchaseOrder, sign: 1 | -1): void {
	const warehouse = po.info.ReceiveToLocation as string;
	const status = (po.info.InventoryStatusCode as string | undefined) ?? DEFAULT_STATUS;
	for (const item of po.items) {
		const rec = stockRecord(state, item.ItemNo, warehouse, status);
		rec.QuantityOnPurchaseOrder = Math.max(0, rec.QuantityOnPurchaseOrder + sign * item.ItemQuantity);
	}
}

const { find, requireOpen, startWork } = orderBook('Purchase order', purchaseOrders);

export function createPurchaseOrder({ body, state }: RequestContext) {
	const info = optObject(body, 'OrderInfo') ?? badRequest('OrderInfo is required');
	const ref = reqString(info, 'CustomerReferenceNo');
	reqString(info, 'ReceiveToLocation');
	checkOrderInfo(info);
	const items = readItems(state, body);
	const existing = purchaseOrders(state).get(ref);
	if (existing && existing.state !== 'cancelled') badRequest(`A purchase order with CustomerReferenceNo ${ref} already exists`);
	const po: SandboxPurchaseOrder = {
		CustomerReferenceNo: ref,
		TransactionReferenceNumber: transactionReference(state),
		state: 'open',
		info: { ...info },
		items,
		createdAt: state.now(),
		updatedAt: state.now(),
	};
	purchaseOrders(state).set(ref, po);
	inbound(state, po, 1);
	return ok(po.TransactionReferenceNumber);
}

export function updatePurchaseOrder({ body, state }: RequestContext) {
	const info = optObject(body, 'OrderInfo') ?? badRequest('OrderInfo is required');
	const po = find(state, reqString(info, 'CustomerReferenceNo'));
	requireOpen(po, 'updated');
	checkOrderInfo(info);
	inbound(state, po, -1);
	po.info = { ...po.info, ...info };
	po.updatedAt = state.now();
	inbound(state, po, 1);
	return ok();
}

export function cancelPurchaseOrder({ body, state }: RequestContext) {
	const po = find(state, reqString(body, 'CustomerReferenceNo'));
	requireOpen(po, 'cancelled');
	inbound(state, po, -1);
	po.state = 'cancelled';
	po.updatedAt = state.now();
	return ok(transactionReference(state));
}

/** Control: the warehouse starts work on an open purchase order; it can no longer be updated or cancelled. */
export const startPurchaseOrderWork = startWork;

/** Control: the stock arrives; it is booked in ReceiveToLocation with InventoryStatusCode, one transaction per item. */
export function receivePurchaseOrder(state: SandboxState, input: JsonObject) {
	const po = find(state, reqString(input, 'CustomerReferenceNo'));
	if (po.state !== 'open' && po.state !== 'in-progress') fail(409, `Purchase order ${po.CustomerReferenceNo} is ${po.state}`);
	inbound(state, po, -1);
	po.state = 'received';
	po.updatedAt = state.now();
	const transactions = po.items.map((item) =>
		changeStock(state, {
			ItemNo: item.ItemNo,
			Warehouse: po.info.ReceiveToLocation as string,
			InventoryStatus: (po.info.InventoryStatusCode as string | undefined) ?? DEFAULT_STATUS,
			Quantity: item.ItemQuantity,
			TransactionType: 'Purchase Orders',
			Reference: po.CustomerReferenceNo,
			PONumber: po.CustomerReferenceNo,
		}),
	);
	return { CustomerReferenceNo: po.CustomerReferenceNo, state: po.state, transactions };
}
