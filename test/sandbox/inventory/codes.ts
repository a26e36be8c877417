// The sandbox's own reading of the interface's codes and date forms for the inventory resources.
import { badRequest } from '../frame';
import { SANDBOX_WAREHOUSES } from '../seed';

/** Current warehouse codes plus those older revisions listed (field notes): accepted everywhere. */
export const KNOWN_WAREHOUSES: readonly string[] = [...SANDBOX_WAREHOUSES, 'CE201', 'SMX01', 'MIY01'];

/** InventoryStatusCode values of revisions 3.1.3 and 3.1.4 of create-transfer. */
export const TRANSFER_STATUS_CODES: readonly string[] = [
	'GOOD-NO-TX', 'GOOD-ST-EX', 'GOOD-ST-TX', 'GOOD-ST-BD', 'GOOD-ST-IM', 'GOOD-LB-TX',
	'RTGD-NO-TX', 'RDMG-NO-TX', 'CDMG-NO-TX', 'DMGD-NO-TX', 'GOOD-NO-BD', 'DMGD-ST-BD',
];

/** InventoryTaxStatus values. */
export const TAX_STATUS_CODES: readonly string[] = [
	'GOOD-LB-TX', 'GOOD-NO-BD', 'GOOD-NO-CB', 'GOOD-NO-TX', 'GOOD-ST-BD', 'GOOD-ST-EX', 'GOOD-ST-IM', 'GOOD-ST-TX',
];

/** Sales order OrderType values. */
export const ORDER_TYPES = ['CLUB', 'RETAIL', 'DTT', 'JIT', 'DELIVERY_TO_WINERY', 'WHOLESALE'] as const;

/** Stock in a GOOD-* status can be sold; returned, damaged and the like cannot. */
export const isSellableStatus = (status: string) => status.startsWith('GOOD-');

export function checkWarehouse(value: string | undefined, key: string): string | undefined {
	if (value !== undefined && !KNOWN_WAREHOUSES.includes(value)) badRequest(`${key} ${value} is not a valid warehouse code`);
	return value;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

/** ISO 8601 date-time with a zone (the interface's date-time members); returns epoch ms. */
export function parseIsoDateTime(value: string, key: string): number {
	const t = ISO_DATE_TIME.test(value) ? Date.parse(value) : NaN;
	if (Number.isNaN(t)) return badRequest(`${key} must be an ISO 8601 date-time such as 2026-01-05T15:00:00Z`);
	return t;
}
