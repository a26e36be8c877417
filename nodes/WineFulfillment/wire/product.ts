// SKU wire schemas (docs/interface.md "Product (SKU)").
import { z } from 'zod';

import { onFirstUse } from './common';
import { decimalNumber, digitsText, emailAddress, enumOf, identifier, optionalText, requiredText, wholeNumber } from './values';

/** SKUInfo.ItemCategory values (field notes). */
export const ITEM_CATEGORIES = ['Wine', 'MarketingMaterial', 'Merchandise', 'TastingFee', 'IcePack'] as const;

/** SKUInfo.InventoryManagementType values (field notes). */
export const INVENTORY_MANAGEMENT_TYPES = ['ServiceManagedStorage', 'ClientManagedStorage', 'VirtualItems'] as const;


/**
 * A UPC Code as text. Text is kept as written (trimmed). A number is what a sheet or CSV column of numbers makes of a
 * code, its leading zeros dropped (012345678905 → 12345678905): a whole number of up to 11 digits is padded back to the
 * 12 digits of a UPC-A; one of 12 to 14 digits (a UPC-A, an EAN-13, a GTIN-14) is sent as it is. Any other number (a
 * fraction, a negative one, more than 14 digits) is refused: it is no UPC code, and so is text in a sheet's exponent
 * form (see values.ts EXPONENT_FORM).
 */
export const upcCode = z
	.unknown()
	.transform((value, ctx): unknown => {
		if (typeof value !== 'number') return value;
		const digits = Number.isSafeInteger(value) && value > 0 ? String(value).length : 0;
		if (digits >= 1 && digits <= 11) return String(value).padStart(12, '0');
		if (digits >= 12 && digits <= 14) return String(value);
		ctx.addIssue({
			code: z.ZodIssueCode.custom,
			message: 'is a number that is no UPC code (12 digits for a UPC-A): give UPC codes as text, e.g. format the column as text',
		});
		return z.NEVER;
	})
	// a UPC is digits: exponent text (1.23457E+11) is a sheet's display of one whose digits are lost
	.pipe(digitsText.optional());

/** RequestorInfo: who asks for the change; the e-mail must be a valid address. */
export const requestorInfo = onFirstUse(() =>
	z
		.object(
			{
				FirstName: requiredText(),
				LastName: requiredText(),
				EmailAddress: requiredText(emailAddress(z.string().trim().min(1, 'is required'))),
				PhoneNumber: digitsText.optional(),
			},
			{ required_error: 'is required' },
		)
		.passthrough()
);

const skuCreateInfo = onFirstUse(() =>
	z
		.object(
			{
				ItemNo: identifier(),
				ItemDescription: optionalText,
				ItemCategory: enumOf(ITEM_CATEGORIES),
				InventoryManagementType: enumOf(INVENTORY_MANAGEMENT_TYPES).optional(),
				Varietal: optionalText,
				Vintage: optionalText,
				Appellation: optionalText,
				Value: optionalText,
				AlcoholByVolume: decimalNumber.pipe(z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100')).optional(),
				UPCCode: upcCode,
				UOM: optionalText,
				NumBottleInEachCase: wholeNumber({ min: 1 }).optional(),
				Classification: optionalText,
				Comments: optionalText,
			},
			{ required_error: 'is required' },
		)
		.passthrough()
		.superRefine((info, ctx) => {
			if (info.ItemCategory === 'Wine' && !info.Varietal) {
				ctx.addIssue({
					code: z.ZodIssueCode.custom,
					path: ['Varietal'],
					message: 'is required when the item category is Wine',
				});
			}
		})
);

/** POST /api/SKU/CreateSKU body (less Authentication). */
export const createSkuRequest = onFirstUse(() => z.object({ RequestorInfo: requestorInfo, SKUInfo: skuCreateInfo }).passthrough());

/** POST /api/SKU/UpdateSKU body (less Authentication): only ItemNo, ItemDescription and Value can change. */
export const updateSkuRequest = onFirstUse(() =>
	z
		.object({
			RequestorInfo: requestorInfo,
			SKUInfo: z
				.object({ ItemNo: identifier(), ItemDescription: optionalText, Value: optionalText }, { required_error: 'is required' })
				.passthrough(),
		})
		.passthrough()
);

/** POST /api/SKU/RetireSku body (less Authentication). */
export const retireSkuRequest = onFirstUse(() => z.object({ ItemNo: identifier() }).passthrough());
