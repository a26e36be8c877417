// Purchase and transfer order wire schemas (docs/interface.md "Inventory movement (purchase and transfer orders)").
import { z } from 'zod';

import { INVENTORY_STATUS_3_1_3, INVENTORY_STATUS_3_1_4, statusCode, warehouseCode, onFirstUse } from './common';
import { dayOrDateTime, usDate } from './dates';
import { decimalNumber, digitsText, emailAddress, enumOf, EXPONENT_RULE, identifier, notExponentForm, optionalText, textValue, wholeNumber, withPostalCode, zipCode } from './values';

/**
 * TransportMethod values are not shown by the interface (docs/interface.md, choice 10): these are the two ways it
 * describes (a pickup from the customer's address, a drop-off at a warehouse). Any other text is
 * accepted and sent as given.
 */
export const TRANSPORT_METHODS = ['Drop-Off', 'Pickup'] as const;

/** QuantityUnit of a transfer item: bottles, cases, or let the order type decide. */
export const QUANTITY_UNITS = ['AUTO', 'RETAIL', 'WHOLESALE'] as const;

/** Revisions of create-transfer; they differ only in the inventory status codes allowed. */
export const TRANSFER_REVISIONS = ['3.1.3', '3.1.4'] as const;
export type TransferRevision = (typeof TRANSFER_REVISIONS)[number];

export const TRANSFER_STATUS_BY_REVISION: Record<TransferRevision, readonly string[]> = {
	'3.1.3': INVENTORY_STATUS_3_1_3,
	'3.1.4': INVENTORY_STATUS_3_1_4,
};

/** Status codes either revision allows (update does not name a revision). */
export const TRANSFER_STATUSES: readonly string[] = [
	...new Set<string>([...INVENTORY_STATUS_3_1_3, ...INVENTORY_STATUS_3_1_4]),
].sort();

const text = textValue.pipe(z.string().trim().min(1, 'must not be empty'));
/** A transfer's contact phone: not empty, and not in a sheet's exponent form (its last digits lost). */
const phone = text.refine(notExponentForm, EXPONENT_RULE);
const customerReferenceNo = identifier();
const email = emailAddress();

/** A quantity: a whole number of at least 1; "12" from a sheet is 12, "1e3" and "0x10" are refused. */
const quantity = wholeNumber({ min: 1 });

const movementItem = z
	.object({
		ItemNo: identifier(),
		ItemDescription: optionalText,
		ItemQuantity: quantity,
	})
	.passthrough();

const itemList = z.array(movementItem).min(1, 'at least one item is required');

// ---- purchase orders ----

const purchaseOrderContact = {
	ReferenceNo: optionalText,
	FirstName: optionalText,
	LastName: optionalText,
	Company: optionalText,
	Address: optionalText,
	Address2: optionalText,
	City: optionalText,
	State: optionalText,
	ZipCode: zipCode,
	PhoneNumber: digitsText.optional(),
	EmailAddress: email.optional(),
	SpecialInstruction: optionalText,
};

export const createPurchaseOrderRequest = onFirstUse(() =>
	z
		.object({
			// the sender's address is OrderInfo's own members; a Country (Additional Fields (JSON)) outside the US keeps a
			// number ZIP code as its digits (withPostalCode)
			OrderInfo: withPostalCode(
				z
					.object({
						CustomerReferenceNo: customerReferenceNo,
						TransportMethod: text,
						RequestedDate: usDate,
						ReceiveToLocation: warehouseCode,
						InventoryStatusCode: statusCode,
						...purchaseOrderContact,
					})
					.passthrough(),
			),
			ItemsInfo: itemList,
		})
		.passthrough()
);

export const updatePurchaseOrderRequest = onFirstUse(() =>
	z
		.object({
			OrderInfo: z
				.object({
					CustomerReferenceNo: customerReferenceNo,
					InventoryStatusCode: statusCode.optional(),
					ReferenceNo: optionalText,
					SpecialInstruction: optionalText,
					ReceiveToLocation: warehouseCode.optional(),
					RequestedDate: usDate.optional(),
					TransportMethod: text.optional(),
				})
				.passthrough(),
		})
		.passthrough()
);

/** Cancel body of both purchase and transfer orders. */
export const cancelMovementRequest = onFirstUse(() => z.object({ CustomerReferenceNo: customerReferenceNo }).passthrough());

// ---- transfer orders ----

const transferItem = movementItem.extend({
	QuantityUnit: enumOf(QUANTITY_UNITS).optional(),
	InventoryTaxStatus: statusCode.optional(),
	UnitPrice: decimalNumber.pipe(z.number().nonnegative('must not be negative')).optional(),
});

/** The members of CreateTransferOrder whose form is ours (the date's MM/DD/YYYY): Additional Fields (JSON) may replace them. */
export const CREATE_TRANSFER_OURS = [['TransferInfo', 'RequestedDate']] as const;

export const createTransferOrderRequest = onFirstUse(() =>
	z
		.object({
			TransferInfo: z
				.object({
					CustomerReferenceNo: customerReferenceNo,
					// a "date" (the create table): the day in MM/DD/YYYY, the form the interface states for a date string
					RequestedDate: usDate,
					TransferFromWarehouse: warehouseCode,
					InventoryStatusCode: statusCode,
					TransferToWarehouse: warehouseCode,
					TransferToInventoryStatusCode: statusCode.optional(),
					FirstName: text,
					LastName: text,
					PhoneNumber: phone,
					EmailAddress: email,
					SpecialInstruction: optionalText,
				})
				.passthrough()
				.superRefine((info, ctx) => {
					if (info.TransferFromWarehouse === info.TransferToWarehouse) {
						ctx.addIssue({
							code: z.ZodIssueCode.custom,
							path: ['TransferToWarehouse'],
							message: `must differ from the warehouse the stock leaves (both are ${info.TransferToWarehouse})`,
						});
					}
				}),
			ItemsInfo: z.array(transferItem).min(1, 'at least one item is required'),
		})
		.passthrough()
);

export const updateTransferOrderRequest = onFirstUse(() =>
	z
		.object({
			TransferInfo: z
				.object({
					CustomerReferenceNo: customerReferenceNo,
					TransferOrderNumber: identifier().optional(),
					RequestedDate: dayOrDateTime.optional(),
					InventoryStatusCode: statusCode.optional(),
					FirstName: text.optional(),
					LastName: text.optional(),
					PhoneNumber: phone.optional(),
					EmailAddress: email.optional(),
					SpecialInstruction: optionalText,
				})
				.passthrough(),
			ItemsInfo: itemList.optional(),
		})
		.passthrough()
);
