// Sandbox sales orders: the sandbox's own reading of the create/update members, the state machine, stock reservation.
import {
	SandboxError,
	badRequest,
	fail,
	oneOf,
	optInt,
	optObject,
	optString,
	parseUsDate,
	reqString,
	transactionReference,
	type Json,
	type JsonObject,
} from '../frame';
import { SANDBOX_WAREHOUSES } from '../seed';
import type { SandboxState } from '../state';
import { isOrderable, salesOrders, type SandboxOrderItem, type SandboxSalesOrder } from '../stores';

export const ORDER_TYPES = ['CLUB', 'RETAIL', 'DTT', 'JIT', 'DELIVERY_TO_WINERY', 'WHOLESALE'] as const;
const CARRIERS = ['FEX', 'UPS', 'BSW', 'GSO', 'WIL', 'FCC', 'TMC', 'WST', 'WILL'] as const;
const SERVICES = ['ONPR', 'GRND', '2DAY', 'HOME', 'ONST', 'CALL', 'LPDS', 'NONE'] as const;
const UNITS = ['RETAIL', 'WHOLESALE'] as const;
export const KNOWN_WAREHOUSES: readonly string[] = [...SANDBOX_WAREHOUSES, 'CE201', 'SMX01', 'MIY01'];
const CONTACT_MEMBERS = [
	'FirstName', 'LastName', 'Company', 'Address', 'Address2', 'City', 'State', 'ZipCode', 'Country', 'PhoneNumber', 'EmailAddress',
];
const ORDER_INFO_TEXT = [
	'TransmissionId', 'PONo', 'ShipmentKey', 'OrderSource', 'GiftCardMessage', 'Tags', 'SpecialInstructions',
	'ConsumerTaxCollected', 'ConsumerShippingPrice', 'BatchId', 'BatchDescription',
];
/** Reservations and shipments move stock of this status. */
export const RESERVED_STATUS = 'GOOD-NO-TX';
export const DEFAULT_WAREHOUSE = 'APC01';

/** Re-throws a 400 from a nested member with the member's path in front. */
function within<T>(path: string, read: () => T): T {
	try {
		return read();
	} catch (error) {
		if (error instanceof SandboxError && error.status === 400) badRequest(`${path}: ${error.message}`);
		throw error;
	}
}

function flag(body: JsonObject, key: string): 0 | 1 | undefined {
	const v = optInt(body, key);
	if (v !== undefined && v !== 0 && v !== 1) badRequest(`${key} must be 0 or 1`);
	return v as 0 | 1 | undefined;
}

function isoDateTime(body: JsonObject, key: string): string | undefined {
	const v = optString(body, key);
	if (v !== undefined && (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(v) || Number.isNaN(Date.parse(v)))) {
		badRequest(`${key} must be an ISO 8601 date-time`);
	}
	return v;
}

export function readContact(body: JsonObject, key: string): JsonObject | undefined {
	const contact = optObject(body, key);
	if (contact) within(key, () => CONTACT_MEMBERS.forEach((m) => optString(contact, m)));
	return contact;
}

export function readDeliveryContact(body: JsonObject): JsonObject | undefined {
	const delivery = optObject(body, 'DeliveryContactInfo');
	if (delivery) {
		within('DeliveryContactInfo', () => {
			flag(delivery, 'HoldAtLocation');
			optString(delivery, 'LocationCode');
		});
	}
	return delivery;
}

function readShipment(body: JsonObject): { shipment?: JsonObject; warehouse?: string } {
	const shipment = optObject(body, 'ShipmentInfo');
	if (!shipment) return {};
	const warehouse = within('ShipmentInfo', () => {
		oneOf(optString(shipment, 'ShippingCarrier'), CARRIERS, 'ShippingCarrier');
		oneOf(optString(shipment, 'ShippingCarrierService'), SERVICES, 'ShippingCarrierService');
		const date = optString(shipment, 'RequestedShipmentDate');
		if (date !== undefined) parseUsDate(date, 'RequestedShipmentDate');
		flag(shipment, 'Insurance');
		flag(shipment, 'IcePack');
		const code = optString(shipment, 'ServiceWarehouseLocation');
		if (code !== undefined && !KNOWN_WAREHOUSES.includes(code)) {
			badRequest(`ServiceWarehouseLocation ${code} is not a valid warehouse code`);
		}
		return code;
	});
	return { shipment, warehouse };
}

function readItem(state: SandboxState, value: Json, line: number): SandboxOrderItem {
	return within(`ItemsInfo[${line}]`, () => {
		if (!value || typeof value !== 'object' || Array.isArray(value)) return badRequest('each item must be an object');
		const ItemNo = reqString(value, 'ItemNo');
		const ItemQuantity = optInt(value, 'ItemQuantity', 1);
		if (ItemQuantity === undefined) return badRequest('ItemQuantity is required');
		oneOf(optString(value, 'QuantityUnit'), UNITS, 'QuantityUnit');
		for (const m of ['ItemDescription', 'InventoryTaxStatus', 'ExternalLineNumber', 'Group']) optString(value, m);
		optObject(value, 'AdditionalFields');
		if (!isOrderable(state, ItemNo)) badRequest(`Item ${ItemNo} cannot be ordered: the SKU is unknown or retired`);
		return { ...(value as SandboxOrderItem), ItemNo, ItemQuantity };
	});
}

function readHold(body: JsonObject): boolean | undefined {
	const v = body.HoldOrder;
	if (v === undefined || v === null) return undefined;
	if (v === true || v === 1) return true;
	if (v === false || v === 0) return false;
	return badRequest('HoldOrder must be a boolean (or 0/1)');
}

/** What a create or update body asks for, checked; nothing is changed yet. */
export interface OrderRequest {
	orderNo?: string;
	orderType?: string;
	items?: SandboxOrderItem[];
	warehouse?: string;
	hold?: boolean;
	body: JsonObject;
}

export function readOrderRequest(state: SandboxState, body: JsonObject, mode: 'create' | 'update'): OrderRequest {
	const info = optObject(body, 'OrderInfo');
	if (mode === 'create' && !info) badRequest('OrderInfo is required');
	const request: OrderRequest = { body };
	if (info) {
		within('OrderInfo', () => {
			request.orderNo = mode === 'create' ? reqString(info, 'OrderNo') : optString(info, 'OrderNo');
			const type = mode === 'create' ? reqString(info, 'OrderType') : optString(info, 'OrderType');
			request.orderType = oneOf(type, ORDER_TYPES, 'OrderType');
			ORDER_INFO_TEXT.forEach((m) => optString(info, m));
			isoDateTime(info, 'OrderDate');
			if (flag(info, 'GiftCard') === 1 && !optString(info, 'GiftCardMessage')?.trim()) {
				badRequest('GiftCardMessage is required when GiftCard is 1');
			}
		});
	}
	readContact(body, 'RecipientContactInfo');
	readContact(body, 'BillingContactInfo');
	readDeliveryContact(body);
	optString(body, 'TransactionReferenceNumber');
	const { warehouse } = readShipment(body);
	request.warehouse = warehouse;
	const items = body.ItemsInfo;
	if (items !== undefined && items !== null) {
		if (!Array.isArray(items)) badRequest('ItemsInfo must be an array');
		request.items = (items as Json[]).map((item, line) => readItem(state, item, line));
	}
	request.hold = readHold(body);
	return request;
}

/** Reserves (+1) or releases (-1) the order's items in its warehouse. */
export function reserve(state: SandboxState, order: SandboxSalesOrder, sign: 1 | -1): void {
	for (const item of order.items) {
		const record = state.inventoryRecord(item.ItemNo, order.warehouse, RESERVED_STATUS);
		record.QuantityReserved += sign * item.ItemQuantity;
		record.QuantityAvailable -= sign * item.ItemQuantity;
	}
}

/** Stores a checked create request as a new order (open, or on hold) and reserves its stock. */
export function commitOrder(state: SandboxState, request: OrderRequest): SandboxSalesOrder {
	const now = state.now();
	const order: SandboxSalesOrder = {
		TransactionReferenceNumber: transactionReference(state),
		OrderNo: request.orderNo ?? '',
		OrderType: request.orderType ?? '',
		state: request.hold ? 'on-hold' : 'open',
		request: request.body,
		items: request.items ?? [],
		warehouse: request.warehouse ?? DEFAULT_WAREHOUSE,
		createdAt: now,
		updatedAt: now,
		...(request.hold ? { holdReason: 'CUSTOMER' } : {}),
	};
	reserve(state, order, 1);
	salesOrders(state).push(order);
	return order;
}

export interface OrderRef {
	trn?: string;
	orderNo?: string;
}

/**
 * Finds the order a request names: by TransactionReferenceNumber when given (then the order number is
 * ignored), else by order number among the orders not cancelled (300 when several match).
 */
export function locateOrder(state: SandboxState, ref: OrderRef): SandboxSalesOrder {
	const orders = salesOrders(state);
	if (ref.trn) {
		const found = orders.find((o) => o.TransactionReferenceNumber === ref.trn);
		return found ?? fail(404, `No sales order has TransactionReferenceNumber ${ref.trn}`);
	}
	if (!ref.orderNo) return badRequest('An order number or TransactionReferenceNumber is required');
	const all = orders.filter((o) => o.OrderNo === ref.orderNo);
	if (all.length === 0) return fail(404, `Sales order ${ref.orderNo} was not found`);
	const live = all.filter((o) => o.state !== 'cancelled');
	if (live.length > 1) {
		return fail(300, `${live.length} sales orders match order number ${ref.orderNo}; use the TransactionReferenceNumber`);
	}
	return live[0] ?? all[all.length - 1];
}

/** 403 unless the order can still change (open, or on fulfillment hold). */
export function requireOpen(order: SandboxSalesOrder): void {
	if (order.state === 'cancelled' || order.state === 'shipped') {
		fail(403, `The state of sales order ${order.OrderNo} has changed (${order.state}); it cannot be changed or cancelled`);
	}
}

export function cancelOrder(state: SandboxState, order: SandboxSalesOrder): void {
	reserve(state, order, -1);
	order.state = 'cancelled';
	order.updatedAt = state.now();
}

function mergeObjects(base: Record<string, unknown>, extra: JsonObject): Record<string, unknown> {
	const out: Record<string, unknown> = { ...base };
	for (const [key, value] of Object.entries(extra)) {
		const current = out[key];
		const bothObjects =
			value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object' && !Array.isArray(current);
		out[key] = bothObjects ? mergeObjects(current as Record<string, unknown>, value as JsonObject) : value;
	}
	return out;
}

/** Applies a checked update: members merged, items and warehouse re-reserved, hold set or released. */
export function applyUpdate(state: SandboxState, order: SandboxSalesOrder, request: OrderRequest): void {
	const incoming: JsonObject = { ...request.body };
	delete incoming.TransactionReferenceNumber;
	if (incoming.OrderInfo && typeof incoming.OrderInfo === 'object') {
		const info = { ...(incoming.OrderInfo as JsonObject) };
		delete info.OrderNo;
		incoming.OrderInfo = info;
	}
	if (request.items || request.warehouse) {
		reserve(state, order, -1);
		if (request.items) order.items = request.items;
		if (request.warehouse) order.warehouse = request.warehouse;
		reserve(state, order, 1);
	}
	if (request.orderType) order.OrderType = request.orderType;
	if (request.hold === true) {
		order.state = 'on-hold';
		order.holdReason = 'CUSTOMER';
	} else if (request.hold === false && order.state === 'on-hold') {
		order.state = 'open';
		delete order.holdReason;
	}
	order.request = mergeObjects(order.request, incoming);
	order.updatedAt = state.now();
}

/** The member that names the order in a body: TransactionReferenceNumber, else the given order-number member. */
export function refOf(body: JsonObject, orderNoMember: string, holder: JsonObject = body): OrderRef {
	const trn = optString(body, 'TransactionReferenceNumber');
	const orderNo = optString(holder, orderNoMember);
	if (!trn && !orderNo) badRequest(`${orderNoMember} or TransactionReferenceNumber is required`);
	return { trn: trn || undefined, orderNo };
}
