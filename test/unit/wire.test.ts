// The wire schemas' rules and readers called directly: what each accepts, what it sends, and what it refuses with which words.
import { DateTime, Settings } from 'luxon';

import { classification, carrierLocationsRequest, validateAddressRequest, validationStatus } from '../../nodes/WineFulfillment/wire/commerce';
import { isKnownWarehouse, limitedList, onFirstUse, statusCode, warehouseCode } from '../../nodes/WineFulfillment/wire/common';
import { isoDateTime, readDate, usDate, usDateTimeRange } from '../../nodes/WineFulfillment/wire/dates';
import { ENDPOINTS, authShapeForUrl, placeCredentials } from '../../nodes/WineFulfillment/wire/endpoints';
import { getSellableRequest, getStatusRequest, getTransactionsRequest } from '../../nodes/WineFulfillment/wire/inventory';
import { cancelMovementRequest, createTransferOrderRequest } from '../../nodes/WineFulfillment/wire/inventoryMovement';
import { createSkuRequest } from '../../nodes/WineFulfillment/wire/product';
import { withAnswer } from '../../nodes/WineFulfillment/actions/common';
import {
	cancelSalesOrderRequest,
	createSalesOrderRequest,
	getReturnsRequest,
	jitLabelRequest,
	updateAddressesRequest,
	updateSalesOrderRequest,
} from '../../nodes/WineFulfillment/wire/salesOrder';
import {
	dateTimeRange,
	deliveryEstimateRange,
	detailRecords,
	flattenEstimates,
	getDetailsRequest,
	latestActivityTimestamp,
	rangeText,
	statusWord,
} from '../../nodes/WineFulfillment/wire/tracking';
import { trackingUpdate } from '../../nodes/WineFulfillment/wire/webhook';
import { identifier } from '../../nodes/WineFulfillment/wire/values';

import { addressValidationBody, check, outcome, parsed } from './schemaResults';

describe('wire/common', () => {
	it('a warehouse code is 3 to 10 upper-case letters or digits, trimmed', () => {
		expect(parsed(warehouseCode, ' APC01 ')).toBe('APC01');
		expect(parsed(warehouseCode, 'CE201')).toBe('CE201');
		expect(parsed(warehouseCode, 'ABC')).toBe('ABC');
		expect(parsed(warehouseCode, 'ABCDEFGHIJ')).toBe('ABCDEFGHIJ');
		for (const bad of ['apc01', 'AB', 'ABCDEFGHIJK', 'APC-01', '']) {
			expect(outcome(warehouseCode, bad)).toBe(': must be a warehouse code such as APC01');
		}
	});

	it('knows the twelve current warehouse codes and no others', () => {
		expect(['APC01', 'APC02', 'COB01', 'COB02', 'ETC01', 'MMC01', 'PRB02', 'PRB04', 'SJU01', 'TWL01', 'VCX01', 'WOX01'].every(isKnownWarehouse)).toBe(true);
		expect(['CE201', 'SMX01', 'MIY01', 'apc01', ''].some(isKnownWarehouse)).toBe(false);
	});

	it('a limited list holds up to its maximum of non-empty, trimmed entries', () => {
		const list = limitedList(3, 'item number');
		expect(parsed(list, [' A ', 'B', 'C'])).toEqual(['A', 'B', 'C']);
		expect(outcome(list, ['A', 'B', 'C', 'D'])).toBe(': at most 3 item numbers are allowed');
		expect(outcome(list, ['A', ' '])).toBe('1: each item number must be non-empty');
	});

	it('builds a schema on first use only, once, and validates as the built schema does', () => {
		const build = jest.fn(() => warehouseCode);
		const lazy = onFirstUse(build);
		expect(build).not.toHaveBeenCalled();
		expect(parsed(lazy, 'APC01')).toBe('APC01');
		expect(outcome(lazy, 'x')).toBe(': must be a warehouse code such as APC01');
		expect(build).toHaveBeenCalledTimes(1);
	});
});

describe('wire/dates', () => {
	it('reads ISO 8601, MM/DD/YYYY (with or without a time), RFC 2822, epoch milliseconds and Dates', () => {
		const iso = (v: unknown) => readDate(v)?.toUTC().toISO();
		expect(iso('2026-03-01T08:30:00Z')).toBe('2026-03-01T08:30:00.000Z');
		expect(iso('2026-03-01T08:30:00+02:00')).toBe('2026-03-01T06:30:00.000Z');
		expect(iso('03/01/2026')).toBe('2026-03-01T00:00:00.000Z');
		expect(iso('03/01/2026 08:30:00')).toBe('2026-03-01T08:30:00.000Z');
		expect(iso('Sun, 01 Mar 2026 08:30:00 +0000')).toBe('2026-03-01T08:30:00.000Z');
		expect(iso(Date.UTC(2026, 2, 1, 8, 30))).toBe('2026-03-01T08:30:00.000Z');
		expect(iso(new Date(Date.UTC(2026, 2, 1, 8, 30)))).toBe('2026-03-01T08:30:00.000Z');
		const dt = DateTime.fromISO('2026-03-01T08:30:00Z');
		expect(readDate(dt)).toBe(dt);
	});

	it('reads nothing from empty text, non-dates or other types', () => {
		for (const value of [undefined, null, '', '   ', 'soon', '13/45/2026', Number.NaN, Number.POSITIVE_INFINITY, {}, true]) {
			expect([value, readDate(value)]).toEqual([value, undefined]);
		}
	});

	it('sends MM/DD/YYYY and ISO 8601 in UTC, refusing what is not a date', () => {
		expect(parsed(usDate, '2026-03-01')).toBe('03/01/2026');
		expect(parsed(usDate, ' 03/01/2026 ')).toBe('03/01/2026');
		expect(parsed(isoDateTime, '2026-03-01T08:30:00+02:00')).toBe('2026-03-01T06:30:00Z');
		expect(parsed(isoDateTime, '2026-03-01T08:30:00.250Z')).toBe('2026-03-01T08:30:00.250Z');
		expect(outcome(usDate, 'tomorrow')).toBe(': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
		expect(outcome(isoDateTime, '')).toBe(': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY');
	});

	it('writes a range as "MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss"', () => {
		const from = DateTime.fromISO('2025-12-19T00:00:00Z', { zone: 'utc' });
		const to = DateTime.fromISO('2025-12-19T23:59:59Z', { zone: 'utc' });
		expect(usDateTimeRange(from, to)).toBe('12/19/2025 00:00:00 - 12/19/2025 23:59:59');
	});
});

describe('wire/endpoints', () => {
	it('reads, and only reads, may be resent', () => {
		const writes = Object.entries(ENDPOINTS).filter(([, e]) => e.kind === 'write').map(([name]) => name).sort();
		expect(writes).toEqual(
			[
				'batchSalesOrder',
				'cancelPurchaseOrder',
				'cancelSalesOrder',
				'cancelTransferOrder',
				'createPurchaseOrder',
				'createSalesOrder',
				'createSku',
				'createTransferOrder',
				'generateJitLabel',
				'retireSku',
				'updateAddresses',
				'updatePurchaseOrder',
				'updateSalesOrder',
				'updateSku',
				'updateTransferOrder',
			].sort(),
		);
		expect(ENDPOINTS.updateAddresses.method).toBe('PATCH');
		expect(Object.values(ENDPOINTS).filter((e) => e.method === 'PATCH')).toHaveLength(1);
	});

	it('picks the credential shape by path, whatever the host, case, query or fragment', () => {
		expect(authShapeForUrl('/api/Tracking/GetDetails')).toBe('AuthenticationDetails');
		expect(authShapeForUrl('https://host.example/v3/api/tracking/getdetails?x=1')).toBe('AuthenticationDetails');
		expect(authShapeForUrl('http://127.0.0.1:8787/v3/api/SalesOrder/GetOrdersOnHold#top')).toBe('flat');
		expect(authShapeForUrl('https://host.example/v3/api/Inventory/GetStatus')).toBe('Authentication');
		expect(authShapeForUrl('https://host.example/v3/api/Unknown/Thing')).toBe('Authentication');
	});

	it('reads the path after the host, even a host named api, and only the path of a relative URL', () => {
		// An internal service host named `api`: its `//api/` is not the path's `/api/`.
		expect(authShapeForUrl('http://api/api/Tracking/GetDetails')).toBe('AuthenticationDetails');
		expect(authShapeForUrl('HTTPS://api/api/SalesOrder/GetOrdersOnHold')).toBe('flat');
		expect(authShapeForUrl('https://api/Tracking/GetDetails')).toBe('Authentication');
		// A relative URL is all path: `base:` before `//api/` is no scheme, and nothing in it is cut as a host.
		expect(authShapeForUrl('/v3-base://api/Tracking/GetDetails')).toBe('AuthenticationDetails');
		// With no path after the host, a query or fragment naming an endpoint is not a path.
		expect(authShapeForUrl('https://host.example?next=/api/Tracking/GetDetails')).toBe('Authentication');
		expect(authShapeForUrl('https://host.example#/api/Tracking/GetDetails')).toBe('Authentication');
		expect(authShapeForUrl('/api/Tracking/GetDetails#/api/SalesOrder/GetOrdersOnHold')).toBe('AuthenticationDetails');
		// No `/api/` at all, whatever the path's last character.
		expect(authShapeForUrl('https://host.example/')).toBe('Authentication');
		expect(authShapeForUrl('')).toBe('Authentication');
	});

	it('places the credentials in each shape, first, and never lets the body replace them or carry others', () => {
		const creds = { UserKey: 'u', Password: 'p', CustomerNo: 'c' };
		// members that name a credential member of any shape, in any letter case, are the credential's alone
		const body = { A: 1, Authentication: { UserKey: 'other' }, UserKey: 'x', authenticationDetails: {}, PASSWORD: 'y', customerNo: 'z' };
		const nested = placeCredentials(body, creds, 'Authentication');
		expect(nested).toEqual({ Authentication: creds, A: 1 });
		expect(Object.keys(nested)[0]).toBe('Authentication');
		expect(placeCredentials(undefined, creds, 'AuthenticationDetails')).toEqual({ AuthenticationDetails: creds });
		const flat = placeCredentials(body, creds, 'flat');
		expect(flat).toEqual({ UserKey: 'u', Password: 'p', CustomerNo: 'c', A: 1 });
		expect(Object.keys(flat).slice(0, 3)).toEqual(['UserKey', 'Password', 'CustomerNo']);
	});
});

describe('wire/inventory', () => {
	it('GetStatus: up to 5 items and 5 statuses, Top 1 to 2500, Skip from 0', () => {
		expect(outcome(getStatusRequest, { ItemNumbers: ['1', '2', '3', '4', '5', '6'] })).toBe('ItemNumbers: at most 5 item numbers are allowed');
		expect(outcome(getStatusRequest, { InventoryStatuses: ['A', 'B', 'C', 'D', 'E', 'F'] })).toBe('InventoryStatuses: at most 5 status codes are allowed');
		expect(check(getStatusRequest, { Top: 2500, Skip: 0 })).toEqual({ ok: { Top: 2500, Skip: 0 } });
		expect(outcome(getStatusRequest, { Top: 2501 })).toMatch(/^Top: /);
		expect(outcome(getStatusRequest, { Top: 0 })).toMatch(/^Top: /);
		expect(outcome(getStatusRequest, { Skip: -1 })).toMatch(/^Skip: /);
	});

	it('GetTransactions: exactly one of a date or a start date-time; an end only with a start, not before it', () => {
		expect(parsed(getTransactionsRequest, { TransactionDate: '2026-03-01' })).toEqual({ TransactionDate: '03/01/2026' });
		expect(parsed(getTransactionsRequest, { TransactionStartDateTime: '2026-03-01T00:00:00Z', TransactionEndDateTime: '2026-03-01T00:00:00Z' })).toEqual({
			TransactionStartDateTime: '2026-03-01T00:00:00Z',
			TransactionEndDateTime: '2026-03-01T00:00:00Z',
		});
		expect(outcome(getTransactionsRequest, {})).toBe('TransactionDate: a transaction date or a start date-time is required');
		expect(outcome(getTransactionsRequest, { TransactionDate: '03/01/2026', TransactionStartDateTime: '2026-03-01T00:00:00Z' })).toBe(
			'TransactionDate: give either a transaction date or a start date-time, not both',
		);
		expect(outcome(getTransactionsRequest, { TransactionDate: '03/01/2026', TransactionEndDateTime: '2026-03-01T00:00:00Z' })).toBe(
			'TransactionEndDateTime: is only valid together with a start date-time',
		);
		expect(outcome(getTransactionsRequest, { TransactionStartDateTime: '2026-03-02T00:00:00Z', TransactionEndDateTime: '2026-03-01T23:59:59Z' })).toBe(
			'TransactionEndDateTime: must not be before the start date-time',
		);
	});

	it('GetSellable: PageSize 1 to 1000, an order type of the enum, warehouses as codes', () => {
		expect(parsed(getSellableRequest, { PageSize: 1000, PageNumber: 1, OrderType: 'CLUB', Warehouses: ['APC01'] })).toEqual({
			PageSize: 1000,
			PageNumber: 1,
			OrderType: 'CLUB',
			Warehouses: ['APC01'],
		});
		expect(outcome(getSellableRequest, { PageSize: 1001 })).toMatch(/^PageSize: /);
		expect(outcome(getSellableRequest, { PageNumber: 0 })).toMatch(/^PageNumber: /);
		expect(outcome(getSellableRequest, { OrderType: 'retail' })).toMatch(/^OrderType: /);
		expect(outcome(getSellableRequest, { Warehouses: ['apc01'] })).toBe('Warehouses.0: must be a warehouse code such as APC01');
	});
});

describe('wire/salesOrder', () => {
	const order = (info: Record<string, unknown> = {}, rest: Record<string, unknown> = {}) => ({
		OrderInfo: { OrderNo: 'SO-1', OrderType: 'RETAIL', ...info },
		...rest,
	});

	it('a create needs OrderNo and OrderType of the enum', () => {
		expect(parsed(createSalesOrderRequest, order())).toEqual(order());
		expect(outcome(createSalesOrderRequest, order({ OrderType: 'SHOP' }))).toBe(
			'OrderInfo.OrderType: must be one of CLUB, DELIVERY_TO_WINERY, DTT, JIT, RETAIL, WHOLESALE',
		);
		expect(outcome(createSalesOrderRequest, { OrderInfo: { OrderType: 'RETAIL' } })).toMatch(/^OrderInfo\.OrderNo: /);
	});

	it('Gift Card on needs a message; flags are sent as 0 or 1', () => {
		expect(outcome(createSalesOrderRequest, order({ GiftCard: true }))).toBe('OrderInfo.GiftCardMessage: is required when Gift Card is on (GiftCard 1)');
		expect(outcome(createSalesOrderRequest, order({ GiftCard: 1, GiftCardMessage: '  ' }))).toBe(
			'OrderInfo.GiftCardMessage: is required when Gift Card is on (GiftCard 1)',
		);
		const sent = parsed(createSalesOrderRequest, order({ GiftCard: true, GiftCardMessage: 'Cheers' }, { ShipmentInfo: { IcePack: true, Insurance: false } })) as {
			OrderInfo: Record<string, unknown>;
			ShipmentInfo: Record<string, unknown>;
		};
		expect(sent.OrderInfo.GiftCard).toBe(1);
		expect(sent.ShipmentInfo).toEqual({ IcePack: 1, Insurance: 0 });
		expect(parsed(createSalesOrderRequest, order({ GiftCard: false }))).toEqual(order({ GiftCard: 0 }));
	});

	it('a Gift Card Message means GiftCard 1: added when GiftCard is missing, refused beside GiftCard 0; a blank one implies nothing', () => {
		expect(parsed(createSalesOrderRequest, order({ GiftCardMessage: 'Cheers' }))).toEqual(order({ GiftCardMessage: 'Cheers', GiftCard: 1 }));
		expect(parsed(updateSalesOrderRequest, { OrderInfo: { OrderNo: 'SO-1', GiftCardMessage: 'Hi' } })).toEqual({
			OrderInfo: { OrderNo: 'SO-1', GiftCardMessage: 'Hi', GiftCard: 1 },
		});
		expect(outcome(createSalesOrderRequest, order({ GiftCard: 'no', GiftCardMessage: 'Cheers' }))).toBe(
			'OrderInfo.GiftCard: is off while Gift Card Message is given: a gift card message only goes with a gift card (GiftCard 1). Turn Gift Card on (or leave it out), or remove Gift Card Message',
		);
		// a blank message (an update's clear, sent trimmed) neither adds GiftCard nor is refused beside GiftCard 0
		expect(parsed(updateSalesOrderRequest, { OrderInfo: { OrderNo: 'SO-1', GiftCardMessage: ' ' } })).toEqual({ OrderInfo: { OrderNo: 'SO-1', GiftCardMessage: '' } });
		expect(parsed(updateSalesOrderRequest, { OrderInfo: { OrderNo: 'SO-1', GiftCard: 0, GiftCardMessage: '' } })).toEqual({
			OrderInfo: { OrderNo: 'SO-1', GiftCard: 0, GiftCardMessage: '' },
		});
	});

	it('a Location Code means HoldAtLocation 1: added (first) when HoldAtLocation is missing, refused beside HoldAtLocation 0; a blank one implies nothing', () => {
		const sent = parsed(createSalesOrderRequest, order({}, { DeliveryContactInfo: { LocationCode: 'L1' } })) as { DeliveryContactInfo: object };
		expect(sent.DeliveryContactInfo).toEqual({ HoldAtLocation: 1, LocationCode: 'L1' });
		expect(Object.keys(sent.DeliveryContactInfo)).toEqual(['HoldAtLocation', 'LocationCode']);
		expect(parsed(updateAddressesRequest, { OrderNo: 'SO-1', DeliveryContactInfo: { LocationCode: 'L1', HoldAtLocation: undefined } })).toEqual({
			OrderNo: 'SO-1',
			DeliveryContactInfo: { HoldAtLocation: 1, LocationCode: 'L1' },
		});
		expect(outcome(updateSalesOrderRequest, { OrderInfo: { OrderNo: 'SO-1' }, DeliveryContactInfo: { HoldAtLocation: false, LocationCode: 'L1' } })).toBe(
			'DeliveryContactInfo.HoldAtLocation: is off while Location Code is given: a location code only means something with hold at location. Turn Hold at Location on (or leave it out), or remove Location Code',
		);
		expect(parsed(updateAddressesRequest, { OrderNo: 'SO-1', DeliveryContactInfo: { LocationCode: '' } })).toEqual({ OrderNo: 'SO-1', DeliveryContactInfo: { LocationCode: '' } });
		expect(parsed(updateAddressesRequest, { OrderNo: 'SO-1', DeliveryContactInfo: { HoldAtLocation: 0, LocationCode: ' ' } })).toEqual({
			OrderNo: 'SO-1',
			DeliveryContactInfo: { HoldAtLocation: 0, LocationCode: '' },
		});
	});

	it('sends the requested shipment date as MM/DD/YYYY and the order date as ISO 8601', () => {
		const sent = parsed(createSalesOrderRequest, order({ OrderDate: '2026-03-01T10:00:00Z' }, { ShipmentInfo: { RequestedShipmentDate: '2026-03-05' } })) as {
			OrderInfo: Record<string, unknown>;
			ShipmentInfo: Record<string, unknown>;
		};
		expect(sent.OrderInfo.OrderDate).toBe('2026-03-01T10:00:00Z');
		expect(sent.ShipmentInfo.RequestedShipmentDate).toBe('03/05/2026');
	});

	it('checks each item: an item number and a quantity of at least 1', () => {
		expect(parsed(createSalesOrderRequest, order({}, { ItemsInfo: [{ ItemNo: 'A', ItemQuantity: '3' }] }))).toEqual(
			order({}, { ItemsInfo: [{ ItemNo: 'A', ItemQuantity: 3 }] }),
		);
		expect(outcome(createSalesOrderRequest, order({}, { ItemsInfo: [{ ItemNo: 'A', ItemQuantity: 0 }] }))).toBe(
			'ItemsInfo.0.ItemQuantity: must be a whole number of at least 1',
		);
		expect(outcome(createSalesOrderRequest, order({}, { ItemsInfo: [{ ItemNo: 'A', ItemQuantity: 1, QuantityUnit: 'CASE' }] }))).toBe(
			'ItemsInfo.0.QuantityUnit: must be one of RETAIL, WHOLESALE',
		);
	});

	it('an update or cancel needs a transaction reference number or an order number', () => {
		expect(outcome(updateSalesOrderRequest, { HoldOrder: true })).toBe('TransactionReferenceNumber: is required (or an order number)');
		expect(parsed(updateSalesOrderRequest, { TransactionReferenceNumber: 'T-1', HoldOrder: false })).toEqual({ TransactionReferenceNumber: 'T-1', HoldOrder: false });
		expect(parsed(updateSalesOrderRequest, { OrderInfo: { OrderNo: 'SO-1' } })).toEqual({ OrderInfo: { OrderNo: 'SO-1' } });
		expect(outcome(cancelSalesOrderRequest, {})).toBe('TransactionReferenceNumber: is required (or an order number)');
		expect(parsed(cancelSalesOrderRequest, { OrderNumber: 'SO-1' })).toEqual({ OrderNumber: 'SO-1' });
		expect(parsed(cancelSalesOrderRequest, { TransactionReferenceNumber: 'T-1' })).toEqual({ TransactionReferenceNumber: 'T-1' });
	});

	it('a JIT label needs an order, a document type and a format', () => {
		expect(parsed(jitLabelRequest, { OrderNo: 'SO-1', LabelType: 'Label', Format: 'PNG' })).toEqual({ OrderNo: 'SO-1', LabelType: 'Label', Format: 'PNG' });
		expect(outcome(jitLabelRequest, { LabelType: 'Label', Format: 'PDF' })).toBe('TransactionReferenceNumber: is required (or an order number)');
		expect(outcome(jitLabelRequest, { OrderNo: 'SO-1', LabelType: 'Label', Format: 'GIF' })).toBe('Format: must be one of PDF, PNG');
		expect(outcome(jitLabelRequest, { OrderNo: 'SO-1', LabelType: 'Slip', Format: 'PDF' })).toBe('LabelType: must be one of Label, PackingSlipWithLabel');
	});

	it('an address update needs an order and a recipient address or a delivery location with something in it', () => {
		expect(outcome(updateAddressesRequest, { OrderNo: 'SO-1' })).toBe('RecipientContactInfo: or a delivery location is required: set at least one of them');
		expect(outcome(updateAddressesRequest, { OrderNo: 'SO-1', RecipientContactInfo: {}, DeliveryContactInfo: {} })).toBe(
			'RecipientContactInfo: or a delivery location is required: set at least one of them',
		);
		expect(outcome(updateAddressesRequest, { RecipientContactInfo: { City: 'Napa' } })).toBe('TransactionReferenceNumber: is required (or an order number)');
		expect(parsed(updateAddressesRequest, { OrderNo: 'SO-1', DeliveryContactInfo: { HoldAtLocation: true, LocationCode: 'L1' } })).toEqual({
			OrderNo: 'SO-1',
			DeliveryContactInfo: { HoldAtLocation: 1, LocationCode: 'L1' },
		});
	});

	it('returns: up to 100 order numbers, an end not before the start, a disposition of the three', () => {
		expect(outcome(getReturnsRequest, { OrderNumbers: Array.from({ length: 101 }, (_, i) => `O${i}`) })).toBe('OrderNumbers: at most 100 order numbers are allowed');
		expect(outcome(getReturnsRequest, { StartTime: '2026-03-02T00:00:00Z', EndTime: '2026-03-01T00:00:00Z' })).toBe('EndTime: must not be before Start Time');
		expect(parsed(getReturnsRequest, { StartTime: '2026-03-01T00:00:00Z', EndTime: '2026-03-01T00:00:00Z' })).toEqual({
			StartTime: '2026-03-01T00:00:00Z',
			EndTime: '2026-03-01T00:00:00Z',
		});
		expect(outcome(getReturnsRequest, { DispositionCode: 'Destroy' })).toBe('DispositionCode: must be one of Reship, Return to Inventory, Return to Winery');
	});
});

describe('wire/inventoryMovement', () => {
	const transfer = (info: Record<string, unknown> = {}) => ({
		TransferInfo: {
			CustomerReferenceNo: 'TR-1',
			RequestedDate: '03/01/2026',
			TransferFromWarehouse: 'APC01',
			InventoryStatusCode: 'GOOD-NO-TX',
			TransferToWarehouse: 'COB01',
			FirstName: 'A',
			LastName: 'B',
			PhoneNumber: '1',
			EmailAddress: 'a@example.com',
			...info,
		},
		ItemsInfo: [{ ItemNo: 'X', ItemQuantity: 1 }],
	});

	it('a transfer must go to another warehouse', () => {
		expect(outcome(createTransferOrderRequest, transfer({ TransferToWarehouse: 'APC01' }))).toBe(
			'TransferInfo.TransferToWarehouse: must differ from the warehouse the stock leaves (both are APC01)',
		);
		expect(parsed(createTransferOrderRequest, transfer())).toEqual(transfer());
	});

	it('a transfer needs at least one item and a valid e-mail', () => {
		expect(outcome(createTransferOrderRequest, { ...transfer(), ItemsInfo: [] })).toBe('ItemsInfo: at least one item is required');
		expect(outcome(createTransferOrderRequest, transfer({ EmailAddress: 'nobody' }))).toBe(
			'TransferInfo.EmailAddress: must be a valid e-mail address, such as name@example.com',
		);
	});

	it('an inventory status code is upper-case words joined by hyphens', () => {
		expect(parsed(statusCode, ' GOOD-NO-TX ')).toBe('GOOD-NO-TX');
		expect(parsed(statusCode, 'CUSTOM1')).toBe('CUSTOM1');
		for (const bad of ['good-no-tx', 'GOOD--TX', '-GOOD', 'GOOD-', 'GOOD NO']) {
			expect(outcome(statusCode, bad)).toBe(': must be an inventory status code such as GOOD-NO-TX');
		}
	});

	it('a cancel needs the customer reference number', () => {
		expect(parsed(cancelMovementRequest, { CustomerReferenceNo: ' PO-1 ' })).toEqual({ CustomerReferenceNo: 'PO-1' });
		expect(outcome(cancelMovementRequest, { CustomerReferenceNo: '' })).toBe('CustomerReferenceNo: is required');
	});
});

describe('wire/product', () => {
	const sku = (info: Record<string, unknown>) => ({
		RequestorInfo: { FirstName: 'A', LastName: 'B', EmailAddress: 'a@example.com' },
		SKUInfo: { ItemNo: 'SKU-1', ...info },
	});

	it('a wine needs a varietal; other categories do not', () => {
		expect(outcome(createSkuRequest, sku({ ItemCategory: 'Wine' }))).toBe('SKUInfo.Varietal: is required when the item category is Wine');
		expect(parsed(createSkuRequest, sku({ ItemCategory: 'Wine', Varietal: 'Merlot' }))).toEqual(sku({ ItemCategory: 'Wine', Varietal: 'Merlot' }));
		expect(parsed(createSkuRequest, sku({ ItemCategory: 'Merchandise' }))).toEqual(sku({ ItemCategory: 'Merchandise' }));
	});

	it('alcohol by volume is 0 to 100; bottles per case a whole number of at least 1', () => {
		expect(outcome(createSkuRequest, sku({ ItemCategory: 'Merchandise', AlcoholByVolume: 101 }))).toBe('SKUInfo.AlcoholByVolume: must be between 0 and 100');
		expect(outcome(createSkuRequest, sku({ ItemCategory: 'Merchandise', AlcoholByVolume: -1 }))).toBe('SKUInfo.AlcoholByVolume: must be between 0 and 100');
		expect(outcome(createSkuRequest, sku({ ItemCategory: 'Merchandise', NumBottleInEachCase: 0 }))).toBe('SKUInfo.NumBottleInEachCase: must be a whole number of at least 1');
		expect(outcome(createSkuRequest, sku({ ItemCategory: 'Merchandise', NumBottleInEachCase: 1.5 }))).toBe('SKUInfo.NumBottleInEachCase: must be a whole number of at least 1');
	});

	it("reads a write's answer: text a reference or ProviderAnswer, an object's members after the node's own, anything else nothing", () => {
		const own = { ItemNo: 'A-1', success: true };
		expect(withAnswer(own, ' 5a1d ')).toEqual({ ...own, TransactionReferenceNumber: '5a1d' });
		// a create's reference (requireReference read it) is the node's own member, in the interface's spelling only
		expect(withAnswer(own, 'abcd', 'abcd')).toEqual({ ...own, TransactionReferenceNumber: 'abcd' });
		expect(withAnswer(own, { transactionReferenceNumber: ' t-1 ', Extra: 1 }, 't-1')).toEqual({ ...own, TransactionReferenceNumber: 't-1', Extra: 1 });
		expect(withAnswer(own, { TransactionReferenceNumber: ' t-1 ' }, 't-1')).toEqual({ ...own, TransactionReferenceNumber: 't-1' });
		expect(withAnswer(own, 'OK')).toEqual({ ...own, ProviderAnswer: 'OK' });
		expect(withAnswer(own, { TransactionReferenceNumber: 'T', Extra: 1, success: false })).toEqual({ ...own, TransactionReferenceNumber: 'T', Extra: 1 });
		for (const value of ['', '  ', undefined, null, [], true]) expect(withAnswer(own, value)).toEqual(own);
		// bug hunt 44: a number is text the transport read as JSON: a whole one is the reference, as its digits; any other ProviderAnswer
		expect(withAnswer(own, 12)).toEqual({ ...own, TransactionReferenceNumber: '12' });
		expect(withAnswer(own, 0)).toEqual({ ...own, ProviderAnswer: '0' });
		expect(withAnswer(own, 100234, 'r-1')).toEqual({ ...own, TransactionReferenceNumber: 'r-1' });
		// bug hunts 43, 44: a result in a list of one is that result; a longer list is none
		expect(withAnswer(own, ['5a1d'])).toEqual({ ...own, TransactionReferenceNumber: '5a1d' });
		expect(withAnswer(own, [{ transactionReferenceNumber: 't-1', Extra: 1 }], 't-1')).toEqual({ ...own, TransactionReferenceNumber: 't-1', Extra: 1 });
		expect(withAnswer(own, [{ Extra: 1 }, { Extra: 2 }])).toEqual(own);
	});
});

describe('wire/commerce', () => {
	it('carrier locations: latitude and longitude come together and within their bounds', () => {
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'FEX', Latitude: 38 })).toBe('Longitude: is required together with Latitude and Longitude: give both');
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'FEX', Longitude: -122 })).toBe('Latitude: is required together with Latitude and Longitude: give both');
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'FEX', Latitude: 90.1, Longitude: 0 })).toBe('Latitude: must be between -90 and 90');
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'FEX', Latitude: 0, Longitude: -180.1 })).toBe('Longitude: must be between -180 and 180');
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'UPS', SearchRadius: 0 })).toBe('SearchRadius: must be more than 0');
		expect(outcome(carrierLocationsRequest, { ShippingCarrier: 'BSW' })).toBe('ShippingCarrier: must be one of FEX, UPS');
		expect(parsed(carrierLocationsRequest, { ShippingCarrier: 'FEX', Latitude: -90, Longitude: 180, SearchRadius: 5 })).toEqual({
			ShippingCarrier: 'FEX',
			Latitude: -90,
			Longitude: 180,
			SearchRadius: 5,
		});
	});

	it('address validation: a client reference of at most 36 characters and a street line', () => {
		const request = addressValidationBody;
		expect(parsed(validateAddressRequest, request({}))).toEqual(request({}));
		expect(parsed(validateAddressRequest, request({ ClientReferenceCode: 'x'.repeat(36) }))).toEqual(request({ ClientReferenceCode: 'x'.repeat(36) }));
		expect(outcome(validateAddressRequest, request({ ClientReferenceCode: 'x'.repeat(37) }))).toBe('ClientReferenceCode: must be at most 36 characters');
		expect(outcome(validateAddressRequest, request({ ClientReferenceCode: undefined }))).toBe('ClientReferenceCode: is required');
		expect(outcome(validateAddressRequest, request({ Address: { StreetLines: [] } }))).toBe('Address.StreetLines: needs at least one street line');
	});

	it('the validation status from the indicator, or from the candidates when the indicator says nothing known', () => {
		const sent = { StreetLines: ['1 Main St'], City: 'Napa', State: 'CA', ZipCode: '94558' };
		expect(validationStatus({ AddressValidationIndicator: 'Verified' }, sent)).toBe('valid');
		expect(validationStatus({ AddressValidationIndicator: 'STANDARDIZED' }, sent)).toBe('corrected');
		expect(validationStatus({ AddressValidationIndicator: 'Not Found' }, sent)).toBe('invalid');
		expect(validationStatus({}, sent)).toBe('invalid');
		expect(validationStatus({ AddressCandidates: [{ CandidateAddressFormat: { ...sent, City: 'NAPA' } }] }, sent)).toBe('valid');
		expect(validationStatus({ AddressCandidates: [{ CandidateAddressFormat: { ...sent, ZipCode: '94559' } }] }, sent)).toBe('corrected');
		expect(validationStatus({ AddressValidationIndicator: 'odd', AddressCandidates: [{}] }, sent)).toBe('corrected');
	});

	it('an indicator is read without its spaces, hyphens and digits; every member but the country must match for valid', () => {
		const sent = { StreetLines: ['1 Main St'], City: 'Napa', State: 'CA', ZipCode: '94558', Country: 'US' };
		expect(validationStatus({ AddressValidationIndicator: 'Exact-Match 1' }, sent)).toBe('valid');
		expect(validationStatus({ AddressValidationIndicator: 'Not Found', AddressCandidates: [{ CandidateAddressFormat: sent }] }, sent)).toBe('invalid');
		for (const other of [{ StreetLines: ['2 Main St'] }, { City: 'Sonoma' }, { State: 'OR' }, { ZipCode: '94559' }]) {
			expect(validationStatus({ AddressCandidates: [{ CandidateAddressFormat: { ...sent, ...other } }] }, sent)).toBe('corrected');
		}
		expect(validationStatus({ AddressCandidates: [{ CandidateAddressFormat: { ...sent, Country: 'USA' } }] }, sent)).toBe('valid');
	});

	it('the classification from the indicator, else from the first candidate', () => {
		expect(classification({ AddressClassificationIndicator: 'Residential' })).toBe('residential');
		expect(classification({ AddressClassificationIndicator: 'BUSINESS' })).toBe('commercial');
		expect(classification({ AddressCandidates: [{ AddressClassificationIndicator: 'home' }] })).toBe('residential');
		expect(classification({ AddressClassificationIndicator: 'mixed' })).toBe('unknown');
		expect(classification({})).toBe('unknown');
	});
});

describe('wire/tracking', () => {
	it('statusWord: trimmed, in capitals, single spaces; none (null, missing) is no status', () => {
		expect(['Delivered', ' DELIVERED ', 'in  \ttransit', 'out for delivery'].map(statusWord)).toEqual(['DELIVERED', 'DELIVERED', 'IN TRANSIT', 'OUT FOR DELIVERY']);
		expect([null, undefined, ''].map(statusWord)).toEqual(['', '', '']);
	});

	it('GetDetails: an order number of 5 to 50 characters', () => {
		expect(parsed(getDetailsRequest, { OrderNo: ' 12345 ' })).toEqual({ OrderNo: '12345' });
		expect(outcome(getDetailsRequest, { OrderNo: '1234' })).toBe('OrderNo: must be 5 to 50 characters');
		expect(outcome(getDetailsRequest, { OrderNo: 'x'.repeat(51) })).toBe('OrderNo: must be 5 to 50 characters');
		expect(outcome(getDetailsRequest, {})).toBe('OrderNo: must be 5 to 50 characters');
	});

	it('a date range from two pickers, in UTC, From not after To; text in the wire form is kept', () => {
		expect(parsed(dateTimeRange, { from: '2025-12-19T00:00:00Z', to: '2025-12-19T23:59:59Z' })).toBe('12/19/2025 00:00:00 - 12/19/2025 23:59:59');
		expect(parsed(dateTimeRange, { from: '2025-12-19T01:00:00+01:00', to: '2025-12-19T01:00:00+01:00' })).toBe('12/19/2025 00:00:00 - 12/19/2025 00:00:00');
		expect(parsed(dateTimeRange, ' 12/19/2025 00:00:00 - 12/19/2025 23:59:59 ')).toBe('12/19/2025 00:00:00 - 12/19/2025 23:59:59');
		expect(outcome(dateTimeRange, '12/19/2025 - 12/20/2025')).toBe(': must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss');
		// a refusal of the pickers is at the end it concerns, so that the node names that end
		expect(outcome(dateTimeRange, { from: '2025-12-19T00:00:00Z' })).toBe('to: is required: a range needs both a From and a To date');
		expect(outcome(dateTimeRange, { to: '2025-12-19T00:00:00Z' })).toBe('from: is required: a range needs both a From and a To date');
		expect(outcome(dateTimeRange, { from: 'x', to: '2025-12-19T00:00:00Z' })).toMatch(/^from: must be a date/);
		expect(outcome(dateTimeRange, { from: '2025-12-19T00:00:00Z', to: 'x' })).toMatch(/^to: must be a date/);
		expect(outcome(dateTimeRange, { from: '2025-12-20T00:00:00Z', to: '2025-12-19T00:00:00Z' })).toBe('to: must not be before the From date');
		expect(outcome(dateTimeRange, 5)).toBe(': must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss');
		// null from the JSON escape hatch is no pair of ends either: refused as such, not read as one
		expect(outcome(dateTimeRange, null)).toBe(': must have the form MM/DD/YYYY HH:mm:ss - MM/DD/YYYY HH:mm:ss');
	});

	it('an identifier with an invisible character (a zero-width space) is refused saying so', () => {
		// built here, not taken from a cached schema: the rule's message is set when the schema is built
		expect(outcome(identifier(), 'WEB-1001\u200b')).toBe(': must not contain invisible characters (a zero-width space, a soft hyphen): retype it');
	});

	it('reads LatestActivityTimestamp in both spellings the documentation prints', () => {
		expect(latestActivityTimestamp({ LatestActivityTimestamp: '2026-01-01T00:00:00Z' })).toBe('2026-01-01T00:00:00Z');
		expect(latestActivityTimestamp({ ' LatestActivityTimestamp': '2026-01-02T00:00:00Z' })).toBe('2026-01-02T00:00:00Z');
		expect(latestActivityTimestamp({ 'LatestActivityTimestamp ': 5 })).toBe('5');
		expect(latestActivityTimestamp({ LatestActivityTimestamp: null, ' LatestActivityTimestamp': 'b' })).toBe('b');
		for (const body of [{}, { LatestActivityTimestamp: null }, null, 'text', 12]) expect(latestActivityTimestamp(body)).toBeUndefined();
	});

	it('LatestActivityTimestamp: the documented name wins, then the misprint, then another spacing; no other member is read', () => {
		expect(latestActivityTimestamp({ ' LatestActivityTimestamp': 'misprint', LatestActivityTimestamp: 'named' })).toBe('named');
		expect(latestActivityTimestamp({ 'LatestActivityTimestamp ': 'spaced', ' LatestActivityTimestamp': 'misprint' })).toBe('misprint');
		expect(latestActivityTimestamp({ TotalRecordCount: 3, '  LatestActivityTimestamp ': 'spaced' })).toBe('spaced');
		expect(latestActivityTimestamp({ TotalRecordCount: 3, Packages: [] })).toBeUndefined();
		for (const body of [undefined, '', 0, false, true, 'LatestActivityTimestamp']) expect(latestActivityTimestamp(body)).toBeUndefined();
	});

	it('a range from two instants: whole seconds in UTC, whatever the zone luxon defaults to', () => {
		const zone = Settings.defaultZone;
		Settings.defaultZone = 'Asia/Tokyo';
		try {
			expect(rangeText(Date.UTC(2026, 0, 2, 3, 4, 5, 999), Date.UTC(2026, 0, 2, 23, 59, 59, 1))).toBe('01/02/2026 03:04:05 - 01/02/2026 23:59:59');
		} finally {
			Settings.defaultZone = zone;
		}
	});

	it("reads GetDetails' records from an array, a Packages member or one record, and nothing else", () => {
		expect(detailRecords([{ A: 1 }, { A: 2 }])).toEqual([{ A: 1 }, { A: 2 }]);
		expect(detailRecords({ Packages: [{ A: 1 }], Other: 1 })).toEqual([{ A: 1 }]);
		expect(detailRecords({ TrackingNo: 'T' })).toEqual([{ TrackingNo: 'T' }]);
		expect(detailRecords({ OrderNumber: 'A-1' })).toEqual([{ OrderNumber: 'A-1' }]);
		expect(detailRecords({ Packages: null })).toEqual([]);
		// not an answer of GetDetails: the operation says so instead of reading it as no package or as one
		for (const body of [null, undefined, 'x', 3, {}, { Message: 'Service unavailable' }, { Packages: 'none' }]) expect(detailRecords(body)).toBeUndefined();
	});

	it('the estimate range: StartDate and EndDate as MM/DD/YYYY, From not after To', () => {
		expect(parsed(deliveryEstimateRange, { StartDate: '2026-01-06', EndDate: '2026-01-06' })).toEqual({ StartDate: '01/06/2026', EndDate: '01/06/2026' });
		expect(outcome(deliveryEstimateRange, { StartDate: '2026-01-07', EndDate: '2026-01-06' })).toBe('EndDate: must not be before Ship Date From');
		expect(outcome(deliveryEstimateRange, { StartDate: '2026-01-07' })).toMatch(/^EndDate: /);
	});

	it('one estimate record per carrier and service, the option beside its dates', () => {
		const body = {
			DeliveryEstimateOptions: [
				{
					DeliveryDateEstimate: '01/07/2026',
					ShipmentDate: '01/06/2026',
					ShippingOptions: [
						{ Carrier: 'UPS', Service: 'ONPR' },
						{ Carrier: 'FEX', Service: 'ONPR' },
					],
				},
				{ DeliveryDateEstimate: '01/09/2026', ShipmentDate: '01/06/2026', ShippingOptions: [] },
				{ DeliveryDateEstimate: '01/10/2026', ShipmentDate: '01/07/2026' },
			],
		};
		expect(flattenEstimates(body)).toEqual([
			{ Carrier: 'UPS', Service: 'ONPR', DeliveryDateEstimate: '01/07/2026', ShipmentDate: '01/06/2026' },
			{ Carrier: 'FEX', Service: 'ONPR', DeliveryDateEstimate: '01/07/2026', ShipmentDate: '01/06/2026' },
			{ DeliveryDateEstimate: '01/09/2026', ShipmentDate: '01/06/2026' },
			{ DeliveryDateEstimate: '01/10/2026', ShipmentDate: '01/07/2026' },
		]);
		for (const value of [undefined, {}, { DeliveryEstimateOptions: 'none' }]) expect(flattenEstimates(value)).toEqual([]);
	});
});

describe('wire/webhook', () => {
	const event = {
		event: 'tracking_update',
		event_id: '2f1c9c1e-3b7a-4c55-9b2e-7d1f0a9e6c11',
		msg: { tag: 'Delivered', checkpoints: [{ message: 'ok' }], tracking_number: 'T1' },
	};

	it('accepts a tracking_update with a UUID, a known tag, and keeps extra msg members', () => {
		expect(parsed(trackingUpdate, event)).toEqual(event);
	});

	// its refusals: test/unit/wireBuiltRules.test.ts (on a schema built in each test)
});
