// Sales order wire schemas and enums (docs/interface.md "Fulfillment (sales orders)").
import { z } from 'zod';

import { CARRIERS, CARRIER_SERVICES, limitedList, warehouseCode, onFirstUse } from './common';
import { isoDateTime, isoDateTimeEnd, usDate } from './dates';
import { booleanValue, decimalNumber, digitsText, enumOf, INEXACT_NUMBER, identifier, optionalText, wholeNumber, withPostalCode, zipCode } from './values';

// ---- enums ----

export const ORDER_TYPES = ['CLUB', 'DELIVERY_TO_WINERY', 'DTT', 'JIT', 'RETAIL', 'WHOLESALE'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

/** What each OrderType means (the interface's own words; JIT's meaning is not given). */
export const ORDER_TYPE_MEANINGS: Record<OrderType, string> = {
	CLUB: 'Club and subscription orders',
	DELIVERY_TO_WINERY:
		'Orders that move inventory on behalf of the winery without change of ownership',
	DTT: 'Direct-to-trade orders that go straight to a retailer',
	JIT: 'Just-in-time orders; the interface does not describe this type, ask the provider before using it',
	RETAIL: 'Daily orders',
	WHOLESALE: 'Orders that go to a distributor',
};

export const QUANTITY_UNITS = ['RETAIL', 'WHOLESALE'] as const;
export const QUANTITY_UNIT_MEANINGS: Record<(typeof QUANTITY_UNITS)[number], string> = {
	RETAIL: 'Bottles',
	WHOLESALE: 'Cases',
};

/** GetReturns DispositionCode values (field notes). */
export const DISPOSITION_CODES = ['Reship', 'Return to Inventory', 'Return to Winery'] as const;

/** GenerateJitLabel: no public field list; these are the package's design (see README). */
export const JIT_LABEL_TYPES = ['Label', 'PackingSlipWithLabel'] as const;
export const JIT_FORMATS = ['PDF', 'PNG'] as const;
export const JIT_MIME_TYPES: Record<(typeof JIT_FORMATS)[number], string> = {
	PDF: 'application/pdf',
	PNG: 'image/png',
};

/** Members of the answers that hold the records. */
export const RETURNS_RECORDS = 'ReturnSalesOrderHeaders';
export const BATCH_STATUSES = 'CreateSalesOrderStatuses';

/** GetReturns page size: the interface names no bound, so a conservative one. */
export const RETURNS_MAX_TOP = 100;
/** OrderNumbers in GetReturns: up to 100 (field notes). */
export const MAX_RETURN_ORDER_NUMBERS = 100;

// ---- building blocks ----

// Text members are optionalText (wire/values): sent trimmed, so a cell's stray spaces do not reach the order; a number
// (a line number mapped from a store) is sent as text, an object refused.

/** An identifier: order, item and transaction reference numbers (see wire/values `identifier`). */
const required = () => identifier();

/** 0 or 1, as Insurance, IcePack, GiftCard and HoldAtLocation are sent; true/false and "yes"/"no" become 1/0. */
const flag = booleanValue.transform((v) => (v ? 1 : 0));

/** A positive whole number; whole-number text ("3") is accepted, as a mapped store line may carry it. */
const positiveInt = wholeNumber({ min: 1 });

export const contactInfo = onFirstUse(() =>
	withPostalCode(
		z.object({
			FirstName: optionalText,
			LastName: optionalText,
			Company: optionalText,
			Address: optionalText,
			Address2: optionalText,
			City: optionalText,
			State: optionalText,
			// a ZIP code from a number column gets its leading zeros back, in the US (values.ts zipCode, withPostalCode)
			ZipCode: zipCode,
			Country: optionalText,
			PhoneNumber: digitsText.optional(),
			EmailAddress: optionalText,
		}).passthrough(),
	)
);

export const shipmentInfo = onFirstUse(() =>
	z
		.object({
			ShippingCarrier: enumOf(CARRIERS).optional(),
			ShippingCarrierService: enumOf(CARRIER_SERVICES).optional(),
			RequestedShipmentDate: usDate.optional(),
			Insurance: flag.optional(),
			IcePack: flag.optional(),
			ServiceWarehouseLocation: warehouseCode.optional(),
		})
		.passthrough()
);

/** Text that says something: not missing, not blank. */
const given = (value?: string) => Boolean(value?.trim());

/**
 * A location code only means something with hold at location (HoldAtLocation 1 "adds a hold-at-location address"): a
 * Location Code given without HoldAtLocation is sent with HoldAtLocation 1 (n8n sends only the options added, so the
 * panel's default never reaches the wire), and one given with HoldAtLocation 0 is refused. A blank code (an update's
 * clear) implies nothing.
 */
function holdAtLocationRule<T extends { HoldAtLocation?: number; LocationCode?: string }>(info: T, ctx: z.RefinementCtx): T {
	if (!given(info.LocationCode)) return info;
	if (info.HoldAtLocation === 0) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['HoldAtLocation'],
			message:
				'is off while Location Code is given: a location code only means something with hold at location. Turn Hold at Location on (or leave it out), or remove Location Code',
		});
		return z.NEVER;
	}
	// first, as the panel lists it; 1 also when the member is there but undefined
	const { HoldAtLocation = 1, ...rest } = info;
	return { HoldAtLocation, ...rest } as T;
}

export const deliveryContactInfo = onFirstUse(() =>
	z
		.object({
			HoldAtLocation: flag.optional(),
			LocationCode: optionalText,
		})
		.passthrough()
		.transform(holdAtLocationRule)
);

/** One element of ItemsInfo. */
export const orderItem = onFirstUse(() =>
	z
		.object({
			ItemNo: required(),
			ItemQuantity: positiveInt,
			QuantityUnit: enumOf(QUANTITY_UNITS).optional(),
			InventoryTaxStatus: optionalText,
			ItemDescription: optionalText,
			ExternalLineNumber: optionalText,
			Group: optionalText,
			AdditionalFields: z
				.record(z.unknown(), { errorMap: () => ({ message: 'must be a JSON object' }) })
				.optional(),
		})
		.passthrough()
);
export type OrderItem = z.infer<typeof orderItem>;

/**
 * A price the interface types as text (ConsumerTaxCollected, ConsumerShippingPrice): read as Unit Price is, so a comma,
 * a currency sign or a negative price is refused, never sent as given; sent as plain decimal text: decimal text as
 * written (trimmed), a number without the binary noise of a sum (1.1 + 2.2 is "3.3"). Blank text is kept as '' (an
 * update's clear); a whole number past 2^53 only in plain digits (as a number it is no longer the price written).
 * A number's 15-digit rounding is taken only within 2 × EPSILON of it (the noise of a sum), so 12345678901234.56 keeps its
 * 16 digits, though a 16-digit number that close to it (2 to 4 units in a double's last place) is taken for noise; past 10
 * decimals (no price has more) goes the noise of a difference that should be 0 (0.1 + 0.2 - 0.3 is "0", 0.3 - 0.1 - 0.2 too).
 */
const priceText = z.unknown().transform((value, ctx): string | undefined => {
	if (value === undefined) return undefined;
	if (typeof value === 'string' && value.trim() === '') return '';
	const read = decimalNumber.safeParse(value);
	if (!read.success) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: read.error.issues[0].message });
		return z.NEVER;
	}
	const shortest = Number(read.data.toPrecision(15));
	const withoutNoise = Math.abs(shortest - read.data) <= 2 * Number.EPSILON * Math.abs(read.data) ? shortest : read.data;
	// a whole number a double holds exactly is its own digits (16 of them are not rounded to another number: bug hunt 28)
	const n = Number.isSafeInteger(read.data) ? read.data : Number(withoutNoise.toFixed(10));
	// once its noise is gone: a difference that should be 0 may be a hair below it
	if (n < 0) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: 'must not be negative' });
		return z.NEVER;
	}
	// Stryker disable next-line StringLiteral: no text but digits passes the test below
	const written = typeof value === 'string' ? value.trim() : '';
	const text = /^\d+(\.\d+)?$/.test(written) ? written : String(n);
	const plain = 'must be a price in plain decimals, such as 12.50';
	if (/e/i.test(text)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: plain });
		return z.NEVER;
	}
	// a whole number past 2^53 not written in digits has lost its last digits already: its text would be another price
	if (text !== written && !Number.isSafeInteger(read.data) && Number.isInteger(read.data)) {
		ctx.addIssue({ code: z.ZodIssueCode.custom, message: typeof value === 'number' ? `is ${INEXACT_NUMBER}` : plain });
		return z.NEVER;
	}
	return text;
});

const orderInfoMembers = {
	TransmissionId: optionalText,
	PONo: optionalText,
	ShipmentKey: optionalText,
	OrderSource: optionalText,
	OrderDate: isoDateTime.optional(),
	GiftCard: flag.optional(),
	GiftCardMessage: optionalText,
	Tags: optionalText,
	SpecialInstructions: optionalText,
	ConsumerTaxCollected: priceText,
	ConsumerShippingPrice: priceText,
	BatchId: optionalText,
	BatchDescription: optionalText,
};

/**
 * GiftCard 1 means a gift message accompanies the order: GiftCardMessage is then required. A message given without
 * GiftCard is sent with GiftCard 1; one given with GiftCard 0 is refused. A blank message (an update's clear) implies nothing.
 */
function giftCardRule<T extends { GiftCard?: number; GiftCardMessage?: string }>(info: T, ctx: z.RefinementCtx): T {
	const message = given(info.GiftCardMessage);
	if (info.GiftCard === 1 && !message) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['GiftCardMessage'],
			message: 'is required when Gift Card is on (GiftCard 1)',
		});
		return z.NEVER;
	}
	if (info.GiftCard === 0 && message) {
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			path: ['GiftCard'],
			message:
				'is off while Gift Card Message is given: a gift card message only goes with a gift card (GiftCard 1). Turn Gift Card on (or leave it out), or remove Gift Card Message',
		});
		return z.NEVER;
	}
	return message && info.GiftCard === undefined ? { ...info, GiftCard: 1 } : info;
}

export const createOrderInfo = onFirstUse(() =>
	z
		.object({ ...orderInfoMembers, OrderNo: required(), OrderType: enumOf(ORDER_TYPES) }, {
			errorMap: () => ({ message: 'is required' }),
		})
		.passthrough()
		.transform(giftCardRule)
);

const updateOrderInfo = onFirstUse(() =>
	z
		.object({ ...orderInfoMembers, OrderNo: required().optional(), OrderType: enumOf(ORDER_TYPES).optional() })
		.passthrough()
		.transform(giftCardRule)
);

const holdOrder = booleanValue;

/** The members of a sales order shared by create, update and batch entries. */
const orderMembers = {
	RecipientContactInfo: contactInfo.optional(),
	BillingContactInfo: contactInfo.optional(),
	ShipmentInfo: shipmentInfo.optional(),
	ItemsInfo: z.array(orderItem).optional(),
	DeliveryContactInfo: deliveryContactInfo.optional(),
	TransactionReferenceNumber: optionalText,
};

/** CreateSalesOrder body (less Authentication, which the transport adds). */
export const createSalesOrderRequest = onFirstUse(() =>
	z
		.object({ OrderInfo: createOrderInfo, ...orderMembers, HoldOrder: holdOrder.optional() })
		.passthrough()
);
export type CreateSalesOrderRequest = z.infer<typeof createSalesOrderRequest>;

/** UpdateSalesOrder body: located by TransactionReferenceNumber, else by OrderInfo.OrderNo. */
export const updateSalesOrderRequest = onFirstUse(() =>
	z
		.object({
			OrderInfo: updateOrderInfo.optional(),
			...orderMembers,
			// an empty list would leave the order without items (Additional Fields (JSON) gives one as the items table cannot)
			ItemsInfo: z
				.array(orderItem)
				.min(1, 'must not be empty: a sales order cannot be left without items (leave it out to keep the current items, or cancel the order)')
				.optional(),
			HoldOrder: holdOrder.optional(),
		})
		.passthrough()
		.superRefine((body, ctx) => {
			if (!body.TransactionReferenceNumber && !body.OrderInfo?.OrderNo) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['TransactionReferenceNumber'],
					message: 'is required (or an order number)',
				});
			}
		})
);
export type UpdateSalesOrderRequest = z.infer<typeof updateSalesOrderRequest>;

/** Locates an order: a transaction reference number, or an order number under `orderNoMember`. */
function locatorRule(orderNoMember: string) {
	return (body: Record<string, unknown>, ctx: z.RefinementCtx) => {
		if (!body.TransactionReferenceNumber && !body[orderNoMember]) {
			ctx.addIssue({
				code: z.ZodIssueCode.custom,
				path: ['TransactionReferenceNumber'],
				message: 'is required (or an order number)',
			});
		}
	};
}

/** CancelSalesOrder body (field notes): `OrderNumber` or `TransactionReferenceNumber`. */
export const cancelSalesOrderRequest = onFirstUse(() =>
	z
		.object({ OrderNumber: required().optional(), TransactionReferenceNumber: required().optional() })
		.passthrough()
		.superRefine(locatorRule('OrderNumber'))
);

/** GetReturns filters (field notes). */
export const getReturnsRequest = onFirstUse(() =>
	z
		.object({
			OrderNumbers: limitedList(MAX_RETURN_ORDER_NUMBERS, 'order number').optional(),
			StartTime: isoDateTime.optional(),
			EndTime: isoDateTimeEnd.optional(),
			DispositionCode: enumOf(DISPOSITION_CODES).optional(),
			Warehouse: warehouseCode.optional(),
			IncludeTotalRecordCount: booleanValue.optional(),
		})
		.passthrough()
		.superRefine((body, ctx) => {
			if (body.StartTime && body.EndTime && Date.parse(body.EndTime) < Date.parse(body.StartTime)) {
				ctx.addIssue({ code: z.ZodIssueCode.custom, path: ['EndTime'], message: 'must not be before Start Time' });
			}
		})
);

/** GenerateJitLabel body: the package's design (no public field list). */
export const jitLabelRequest = onFirstUse(() =>
	z
		.object({
			OrderNo: required().optional(),
			TransactionReferenceNumber: required().optional(),
			LabelType: enumOf(JIT_LABEL_TYPES),
			Format: enumOf(JIT_FORMATS),
		})
		.passthrough()
		.superRefine(locatorRule('OrderNo'))
);

/** PATCH Addresses body: the package's design, in the create request's member names. */
export const updateAddressesRequest = onFirstUse(() =>
	z
		.object({
			OrderNo: required().optional(),
			TransactionReferenceNumber: required().optional(),
			RecipientContactInfo: contactInfo.optional(),
			DeliveryContactInfo: deliveryContactInfo.optional(),
		})
		.passthrough()
		.superRefine(locatorRule('OrderNo'))
		.superRefine((body, ctx) => {
			const set = (o?: object) => o !== undefined && Object.keys(o).length > 0;
			if (!set(body.RecipientContactInfo) && !set(body.DeliveryContactInfo)) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['RecipientContactInfo'],
					message: 'or a delivery location is required: set at least one of them',
				});
			}
		})
);
