// The interface's shared enums and list rules (docs/interface.md "Warehouse and status codes"), used by every resource.
import once from 'lodash/once';
import { z } from 'zod';

import { identifier } from './values';

/** Warehouse codes accepted by ServiceWarehouseLocation and every warehouse member. */
export const WAREHOUSES = [
	'APC01',
	'APC02',
	'COB01',
	'COB02',
	'ETC01',
	'MMC01',
	'PRB02',
	'PRB04',
	'SJU01',
	'TWL01',
	'VCX01',
	'WOX01',
] as const;
export type Warehouse = (typeof WAREHOUSES)[number];

/** Codes older revisions listed (field notes): sent as given, with a warning. */
export const LEGACY_WAREHOUSES = ['CE201', 'SMX01', 'MIY01'] as const;

/** InventoryStatusCode values of interface revision 3.1.3. */
export const INVENTORY_STATUS_3_1_3 = [
	'GOOD-NO-TX',
	'GOOD-ST-EX',
	'GOOD-ST-TX',
	'GOOD-ST-BD',
	'GOOD-ST-IM',
	'GOOD-LB-TX',
] as const;

/** InventoryStatusCode values of revision 3.1.4 of create-transfer. */
export const INVENTORY_STATUS_3_1_4 = [
	'GOOD-NO-TX',
	'RTGD-NO-TX',
	'RDMG-NO-TX',
	'CDMG-NO-TX',
	'DMGD-NO-TX',
	'GOOD-NO-BD',
	'DMGD-ST-BD',
	'GOOD-ST-IM',
] as const;

/** InventoryTaxStatus values. */
export const INVENTORY_TAX_STATUS = [
	'GOOD-LB-TX',
	'GOOD-NO-BD',
	'GOOD-NO-CB',
	'GOOD-NO-TX',
	'GOOD-ST-BD',
	'GOOD-ST-EX',
	'GOOD-ST-IM',
	'GOOD-ST-TX',
] as const;

/** Every status code any revision names; custom per-customer codes are still accepted as text. */
export const ALL_INVENTORY_STATUS: readonly string[] = [
	...new Set<string>([...INVENTORY_STATUS_3_1_3, ...INVENTORY_STATUS_3_1_4, ...INVENTORY_TAX_STATUS]),
].sort();

export const CARRIERS = ['FEX', 'UPS', 'BSW', 'GSO', 'WIL', 'FCC', 'TMC', 'WST', 'WILL'] as const;
export const CARRIER_SERVICES = ['ONPR', 'GRND', '2DAY', 'HOME', 'ONST', 'CALL', 'LPDS', 'NONE'] as const;

/**
 * A schema built on its first use instead of when n8n loads the package (README "Benchmark", scenario 4).
 * It validates exactly as the schema `build` returns.
 */
export const onFirstUse = <T extends z.ZodTypeAny>(build: () => T): z.ZodLazy<T> => z.lazy(once(build));

/** Largest page GetStatus serves; Top outside 0..2500 is treated as 2500. */
export const MAX_TOP = 2500;

/** A warehouse code: a known one, or any upper-case code (older revisions had others). */
export const warehouseCode = z
	.string()
	.trim()
	.regex(/^[A-Z0-9]{3,10}$/, 'must be a warehouse code such as APC01');

/** An inventory status code: GOOD-NO-TX and the like, or a customer's own code from the provider. */
export const statusCode = z
	.string()
	.trim()
	.regex(/^[A-Z0-9]+(-[A-Z0-9]+)*$/, 'must be an inventory status code such as GOOD-NO-TX');

export function isKnownWarehouse(code: string): boolean {
	return (WAREHOUSES as readonly string[]).includes(code);
}

/**
 * A list of identifiers (item, order numbers, status codes), each non-empty and as identifier() reads it: a tab or a
 * zero-width space inside an entry makes another number, which the provider would simply not find.
 */
export function identifierList(what: string) {
	return z.array(z.unknown().refine((v) => typeof v !== 'string' || v.trim() !== '', `each ${what} must be non-empty`).pipe(identifier()));
}

/** An identifierList of at most `max` entries. */
export function limitedList(max: number, what: string) {
	return identifierList(what).max(max, `at most ${max} ${what}s are allowed`);
}
