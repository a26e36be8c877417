// SKU wire schemas (docs/interface.md "Product (SKU)").
import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { onFirstUse } from './common';
import { decimalNumber, identifier, optionalText, requiredText, wholeNumber } from './values';

/** SKUInfo.ItemCategory values (field notes). */
export const ITEM_CATEGORIES = ['Wine', 'MarketingMaterial', 'Merchandise', 'TastingFee', 'IcePack'] as const;

/** SKUInfo.InventoryManagementType values (field notes). */
export const INVENTORY_MANAGEMENT_TYPES = ['ServiceManagedStorage', 'ClientManagedStorage', 'VirtualItems'] as const;


/** RequestorInfo: who asks for the change; the e-mail must be a valid address. */
export const requestorInfo = onFirstUse(() =>
	z
		.object(
			{
				FirstName: requiredText(),
				LastName: requiredText(),
				EmailAddress: requiredText(z.string().trim().min(1, 'is required').email('must be a valid e-mail address')),
				PhoneNumber: optionalText,
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
				ItemCategory: z.enum(ITEM_CATEGORIES, {
					errorMap: () => ({ message: `is required and must be one of ${ITEM_CATEGORIES.join(', ')}` }),
				}),
				InventoryManagementType: z
					.enum(INVENTORY_MANAGEMENT_TYPES, {
						errorMap: () => ({ message: `must be one of ${INVENTORY_MANAGEMENT_TYPES.join(', ')}` }),
					})
					.optional(),
				Varietal: optionalText,
				Vintage: optionalText,
				Appellation: optionalText,
				Value: optionalText,
				AlcoholByVolume: decimalNumber.pipe(z.number().min(0, 'must be between 0 and 100').max(100, 'must be between 0 and 100')).optional(),
				UPCCode: optionalText,
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

/**
 * The transaction reference identifier a write returns: the body itself when it is a JSON string
 * (as CreateSalesOrder documents), or a TransactionReferenceNumber member of an object.
 */
export function writeResult(body: unknown): IDataObject {
	if (typeof body === 'string' && body.trim()) return { TransactionReferenceNumber: body.trim() };
	if (body && typeof body === 'object' && !Array.isArray(body)) return body as IDataObject;
	return {};
}
