// Inventory query wire schemas (service-interface-v3.md "Inventory", "Limits"; field notes "Inventory").
import { z } from 'zod';

import { MAX_TOP, limitedList, warehouseCode } from './common';

export const getStatusRequest = z
	.object({
		Warehouse: warehouseCode.optional(),
		ItemNumbers: limitedList(5, 'item number').optional(),
		InventoryStatuses: limitedList(5, 'status code').optional(),
		IncludeTotalRecordCount: z.boolean().optional(),
		IncludeUnavailableItems: z.boolean().optional(),
		Skip: z.number().int().min(0).optional(),
		Top: z.number().int().min(1).max(MAX_TOP).optional(),
	})
	.passthrough();
export type GetStatusRequest = z.infer<typeof getStatusRequest>;

/** Member of the GetStatus answer that holds the records. */
export const STATUS_RECORDS = 'WarehouseInventoryStatuses';
