// Sandbox fulfillment: shipping an order (stock leaves, a package appears), orders on hold, returns.
import {
	badRequest,
	fail,
	oneOf,
	optBool,
	optString,
	optStringList,
	skipTop,
	type JsonObject,
	type RequestContext,
} from '../frame';
import type { SandboxState } from '../state';
import {
	packages,
	recordTransaction,
	returns,
	salesOrders,
	skus,
	type SandboxPackage,
	type SandboxSalesOrder,
} from '../stores';
import { KNOWN_WAREHOUSES, RESERVED_STATUS, locateOrder, requireOpen } from './orders';

export const DISPOSITION_CODES = ['Return to Winery', 'Reship', 'Return to Inventory'] as const;
export const CUSTOMER_NAME = 'Sandbox Winery';

const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Members = Record<string, unknown>;
const member = (order: SandboxSalesOrder, key: string): Members => (order.request[key] ?? {}) as Members;
const text = (value: unknown, fallback = ''): string => (typeof value === 'string' ? value : fallback);

function shipTo(order: SandboxSalesOrder): Record<string, string> {
	const r = member(order, 'RecipientContactInfo');
	return {
		Name: [text(r.FirstName), text(r.LastName)].filter(Boolean).join(' '),
		Contact: text(r.Company),
		Address: text(r.Address),
		Address2: text(r.Address2),
		City: text(r.City),
		State: text(r.State),
		ZipCode: text(r.ZipCode),
		Country: text(r.Country, 'US'),
	};
}

/** The package a shipped order becomes (field notes "Tracking" record shape). */
function packageFor(state: SandboxState, order: SandboxSalesOrder): SandboxPackage {
	const now = state.now();
	const shipment = member(order, 'ShipmentInfo');
	const carrier = text(shipment.ShippingCarrier, 'UPS');
	const trackingNo = `1ZSBX${String(state.nextSequence('trackingNo')).padStart(10, '0')}`;
	const bottles = order.items.reduce((sum, item) => sum + item.ItemQuantity, 0);
	return {
		OrderNumber: order.OrderNo,
		Carrier: carrier,
		Service: text(shipment.ShippingCarrierService, 'GRND'),
		TrackingNo: trackingNo,
		TrackingURL: `https://tracking.sandbox.invalid/${carrier}/${trackingNo}`,
		RequestedShipDate: typeof shipment.RequestedShipmentDate === 'string' ? shipment.RequestedShipmentDate : null,
		ShipDate: iso(now),
		EstimatedDeliveryDate: iso(now + 3 * DAY_MS),
		Status: 'SHIPPED',
		StatusDescription: 'Shipped from the warehouse',
		Type: 'Outbound',
		Site: order.warehouse.slice(0, 3),
		Warehouse: order.warehouse,
		IcePack: shipment.IcePack === 1,
		CarrierStatus: 'Label Created',
		CarrierStatusMessage: 'Shipment information sent to the carrier',
		CarrierStatusTimestamp: iso(now),
		PackageLocation: order.warehouse,
		GrossWeight: Math.round(bottles * 3.1 * 100) / 100,
		ShipTo: shipTo(order),
		PackageItems: order.items.map((item) => ({
			ItemNo: item.ItemNo,
			Quantity: item.ItemQuantity,
			ReservedQuantity: 0,
			ItemDescription: item.ItemDescription ?? skus(state).get(item.ItemNo)?.ItemDescription ?? item.ItemNo,
		})),
		lastActivityAt: now,
	};
}

/** Control `ship-order` {OrderNo | TransactionReferenceNumber}: reserved stock leaves, one package appears. */
export function shipOrder(state: SandboxState, input: JsonObject) {
	const order = locateOrder(state, {
		trn: optString(input, 'TransactionReferenceNumber'),
		orderNo: optString(input, 'OrderNo'),
	});
	requireOpen(order);
	const shipToName = shipTo(order).Name || null;
	for (const item of order.items) {
		const record = state.inventoryRecord(item.ItemNo, order.warehouse, RESERVED_STATUS);
		record.QuantityOnHand -= item.ItemQuantity;
		record.QuantityReserved -= item.ItemQuantity;
		recordTransaction(state, {
			ItemNo: item.ItemNo,
			Warehouse: order.warehouse,
			InventoryStatus: RESERVED_STATUS,
			TransactionType: 'Sales Orders',
			Reference: order.OrderNo,
			Quantity: -item.ItemQuantity,
			PONumber: text(member(order, 'OrderInfo').PONo) || null,
			ShipToName: shipToName,
			OrderType: order.OrderType,
		});
	}
	order.state = 'shipped';
	order.updatedAt = state.now();
	const pkg = packageFor(state, order);
	packages(state).push(pkg);
	return { OrderNo: order.OrderNo, TransactionReferenceNumber: order.TransactionReferenceNumber, state: order.state, TrackingNo: pkg.TrackingNo };
}

/** An on-hold order as GetOrdersOnHold lists it (field notes record shape). */
function onHoldRecord(state: SandboxState, order: SandboxSalesOrder) {
	const info = member(order, 'OrderInfo');
	const shipment = member(order, 'ShipmentInfo');
	return {
		CustomerNo: state.credentials.customerNo,
		CustomerName: CUSTOMER_NAME,
		OrderNo: order.OrderNo,
		OrderType: order.OrderType,
		OrderDate: text(info.OrderDate, iso(order.createdAt)),
		ShipmentDate: typeof shipment.RequestedShipmentDate === 'string' ? shipment.RequestedShipmentDate : null,
		ShippingSite: order.warehouse.slice(0, 3),
		ShippingWarehouse: order.warehouse,
		HoldReason: order.holdReason ?? 'CUSTOMER',
		HoldReasonDescription: 'Fulfillment hold requested by the customer',
		ShippingCarrier: text(shipment.ShippingCarrier) || null,
		ShippingCarrierService: text(shipment.ShippingCarrierService) || null,
		OrderOnHoldItems: order.items.map((item) => ({
			ItemNo: item.ItemNo,
			Quantity: item.ItemQuantity,
			ItemDescription: item.ItemDescription ?? skus(state).get(item.ItemNo)?.ItemDescription ?? item.ItemNo,
			QuantityReserved: item.ItemQuantity,
			IncomingPreReserved: 0,
			Oversold: 0,
		})),
	};
}

/** POST GetOrdersOnHold (flat credentials): an array, or 404 when none is on hold. */
export function getOrdersOnHold({ state }: RequestContext) {
	const held = salesOrders(state).filter((o) => o.state === 'on-hold');
	if (held.length === 0) fail(404, 'No orders on hold');
	return { status: 200, body: held.map((o) => onHoldRecord(state, o)) };
}

/** Control `create-return` {OrderNo | TransactionReferenceNumber, DispositionCode?, ReturnReason?, Warehouse?, ReceivedDate?}. */
export function createReturn(state: SandboxState, input: JsonObject) {
	const order = locateOrder(state, {
		trn: optString(input, 'TransactionReferenceNumber'),
		orderNo: optString(input, 'OrderNo'),
	});
	const disposition = oneOf(optString(input, 'DispositionCode') ?? 'Return to Inventory', DISPOSITION_CODES, 'DispositionCode');
	const recipient = member(order, 'RecipientContactInfo');
	const shipment = member(order, 'ShipmentInfo');
	const pkg = packages(state).find((p) => p.OrderNumber === order.OrderNo);
	const received = optString(input, 'ReceivedDate') ?? iso(state.now());
	const header = {
		CustomerNo: state.credentials.customerNo,
		CustomerName: CUSTOMER_NAME,
		RMANumber: `RMA-${String(state.nextSequence('rma')).padStart(6, '0')}`,
		OrderNo: order.OrderNo,
		ReceivedDate: received,
		CloseDate: null,
		EmailAddress: text(recipient.EmailAddress) || null,
		PhoneNumber: text(recipient.PhoneNumber) || null,
		ReturnWarehouse: optString(input, 'Warehouse') ?? order.warehouse,
		ReturnStatus: 'Received',
		DispositionCode: disposition,
		ReturnReason: optString(input, 'ReturnReason') ?? 'Refused by the recipient',
		OriginalTrackingNumber: pkg?.TrackingNo ?? null,
		ShippingCarrierCode: text(shipment.ShippingCarrier, pkg?.Carrier ?? 'UPS'),
		ShippngServiceCode: text(shipment.ShippingCarrierService, pkg?.Service ?? 'GRND'),
		ReturnSalesOrderLines: order.items.map((item) => ({
			ItemNo: item.ItemNo,
			ItemDescription: item.ItemDescription ?? skus(state).get(item.ItemNo)?.ItemDescription ?? item.ItemNo,
			Quantity: item.ItemQuantity,
			UOM: item.QuantityUnit === 'WHOLESALE' ? 'Case' : 'Bottle',
			DispositionCode: disposition,
			InventoryStatusCode: RESERVED_STATUS,
		})),
	};
	returns(state).push(header);
	return header;
}

function isoMs(body: JsonObject, key: string): number | undefined {
	const v = optString(body, key);
	if (v === undefined) return undefined;
	const ms = Date.parse(v);
	if (!/^\d{4}-\d{2}-\d{2}T/.test(v) || Number.isNaN(ms)) badRequest(`${key} must be an ISO 8601 date-time`);
	return ms;
}

/** What GetReturns has served since the last reset of the counter: answers (pages) and records. */
export const returnsServed = (state: SandboxState) => state.store('returnsServed', () => ({ pages: 0, records: 0 }));

/** Control `returns-served` {reset?}: the counter, then reset when asked. */
export function readReturnsServed(state: SandboxState, input: JsonObject) {
	const served = { ...returnsServed(state) };
	if (input.reset === true) Object.assign(returnsServed(state), { pages: 0, records: 0 });
	return served;
}

/**
 * Control `seed-returns` {count, startAt (ISO), spreadMs}: a return history without orders behind it,
 * RMA-H000001... received at startAt + i × spreadMs.
 */
export function seedReturns(state: SandboxState, input: JsonObject) {
	const count = Number(input.count ?? 0);
	if (!Number.isInteger(count) || count < 0 || count > 100_000) badRequest('count must be an integer 0..100000');
	const startAt = Date.parse(optString(input, 'startAt') ?? iso(state.now()));
	const spread = Number(input.spreadMs ?? 60_000);
	if (Number.isNaN(startAt) || !Number.isFinite(spread)) badRequest('startAt must be ISO 8601 and spreadMs a number');
	for (let i = 0; i < count; i++) {
		const n = state.nextSequence('rma-history');
		returns(state).push({
			CustomerNo: state.credentials.customerNo,
			CustomerName: CUSTOMER_NAME,
			RMANumber: `RMA-H${String(n).padStart(6, '0')}`,
			OrderNo: `HIST-${String(n).padStart(6, '0')}`,
			ReceivedDate: iso(startAt + i * spread),
			ReturnStatus: 'Received',
			DispositionCode: DISPOSITION_CODES[n % DISPOSITION_CODES.length],
			ReturnWarehouse: 'APC01',
			ReturnSalesOrderLines: [],
		});
	}
	return { created: count };
}

/** POST GetReturns: filters from the field notes, Skip/Top paging; every answer is counted (returnsServed). */
export function getReturns({ body, state }: RequestContext) {
	const orderNumbers = optStringList(body, 'OrderNumbers', 100);
	const start = isoMs(body, 'StartTime');
	const end = isoMs(body, 'EndTime');
	const disposition = oneOf(optString(body, 'DispositionCode'), DISPOSITION_CODES, 'DispositionCode');
	const warehouse = optString(body, 'Warehouse');
	if (warehouse !== undefined && !KNOWN_WAREHOUSES.includes(warehouse)) {
		badRequest(`Warehouse ${warehouse} is not a valid warehouse code`);
	}
	const includeCount = optBool(body, 'IncludeTotalRecordCount') ?? false;
	const numbers = orderNumbers?.length ? new Set(orderNumbers) : undefined;
	const matching = returns(state).filter((r) => {
		const at = Date.parse(String(r.ReceivedDate));
		return (
			(!numbers || numbers.has(String(r.OrderNo))) &&
			(start === undefined || at >= start) &&
			(end === undefined || at <= end) &&
			(!disposition || r.DispositionCode === disposition) &&
			(!warehouse || r.ReturnWarehouse === warehouse)
		);
	});
	const { page, ...counters } = skipTop(matching, body, includeCount);
	const served = returnsServed(state);
	served.pages += 1;
	served.records += page.length;
	return { status: 200, body: { ...counters, ReturnSalesOrderHeaders: page } };
}
