// Display names for the interface's codes: a human name with the code beside it, and what the interface says a code means.
import type { INodePropertyOptions } from 'n8n-workflow';

import { ORDER_TYPES, ORDER_TYPE_MEANINGS, type OrderType } from './salesOrder';

/** How the editor shows one code: its name, and a description when the interface (or common use) says what it is. */
interface CodeLabel {
	name: string;
	description?: string;
}

const UNDESCRIBED = 'The interface lists this code without saying what it stands for; ask the provider before choosing it';

/** ShippingCarrier codes. Only the widely known ones are named; the others are shown as the code they are. */
export const CARRIER_LABELS: Record<string, CodeLabel> = {
	BSW: { name: 'Carrier Code BSW', description: UNDESCRIBED },
	FCC: { name: 'Carrier Code FCC', description: UNDESCRIBED },
	FEX: { name: 'FedEx (FEX)' },
	GSO: { name: 'GLS US / GSO (GSO)', description: 'GLS US, formerly Golden State Overnight' },
	Other: { name: 'Other Carrier (Other)', description: 'Any carrier other than FedEx and UPS' },
	TMC: { name: 'Carrier Code TMC', description: UNDESCRIBED },
	UPS: { name: 'United Parcel Service (UPS)' },
	WIL: { name: 'Carrier Code WIL', description: UNDESCRIBED },
	WILL: { name: 'Carrier Code WILL', description: UNDESCRIBED },
	WST: { name: 'Carrier Code WST', description: UNDESCRIBED },
};

/** The carrier every carrier dropdown starts at (the first the interface lists, and one every carrier list has). */
export const DEFAULT_CARRIER = 'FEX';

/** ShippingCarrierService codes. */
export const CARRIER_SERVICE_LABELS: Record<string, CodeLabel> = {
	'2DAY': { name: '2 Day (2DAY)', description: 'Delivery in two business days' },
	CALL: { name: 'Service Code CALL', description: UNDESCRIBED },
	GRND: { name: 'Ground (GRND)', description: 'Ground service' },
	HOME: { name: 'Home Delivery (HOME)', description: 'Ground delivery to a residence' },
	LPDS: { name: 'Service Code LPDS', description: UNDESCRIBED },
	NONE: { name: 'None (NONE)', description: 'No carrier service' },
	ONPR: { name: 'Overnight Priority (ONPR)', description: 'Priority overnight service' },
	ONST: { name: 'Overnight Standard (ONST)', description: 'Standard overnight service' },
};

/** The carrier service the sales order's Carrier Service starts at. */
export const DEFAULT_CARRIER_SERVICE = 'GRND';

/** OrderType codes: a name for each, and the interface's meaning (wire/salesOrder.ts) as the description. */
const ORDER_TYPE_NAMES: Record<OrderType, string> = {
	CLUB: 'Club (CLUB)',
	DELIVERY_TO_WINERY: 'Delivery to Winery (DELIVERY_TO_WINERY)',
	DTT: 'Direct to Trade (DTT)',
	JIT: 'Just in Time (JIT)',
	RETAIL: 'Retail (RETAIL)',
	WHOLESALE: 'Wholesale (WHOLESALE)',
};

export const ORDER_TYPE_LABELS: Record<string, CodeLabel> = Object.fromEntries(
	ORDER_TYPES.map((type) => [type, { name: ORDER_TYPE_NAMES[type], description: ORDER_TYPE_MEANINGS[type] }]),
);

/** QuantityUnit codes (the interface: RETAIL bottles, WHOLESALE cases; AUTO lets the order type decide). */
export const QUANTITY_UNIT_LABELS: Record<string, CodeLabel> = {
	AUTO: { name: 'Auto (AUTO)', description: 'The order type decides: bottles for retail, cases for wholesale' },
	RETAIL: { name: 'Bottles (RETAIL)', description: 'The quantity counts bottles' },
	WHOLESALE: { name: 'Cases (WHOLESALE)', description: 'The quantity counts cases' },
};

/** The interface revisions that list each inventory status code (what it tells about a code). */
const STATUS_REVISIONS: Record<string, string> = {
	'GOOD-NO-TX': 'revisions 3.1.3 and 3.1.4; also a tax status',
	'GOOD-ST-EX': 'revision 3.1.3; also a tax status',
	'GOOD-ST-TX': 'revision 3.1.3; also a tax status',
	'GOOD-ST-BD': 'revision 3.1.3; also a tax status',
	'GOOD-ST-IM': 'revisions 3.1.3 and 3.1.4; also a tax status',
	'GOOD-LB-TX': 'revision 3.1.3; also a tax status',
	'RTGD-NO-TX': 'revision 3.1.4 of create-transfer',
	'RDMG-NO-TX': 'revision 3.1.4 of create-transfer',
	'CDMG-NO-TX': 'revision 3.1.4 of create-transfer',
	'DMGD-NO-TX': 'revision 3.1.4 of create-transfer',
	'GOOD-NO-BD': 'revision 3.1.4 of create-transfer; also a tax status',
	'DMGD-ST-BD': 'revision 3.1.4 of create-transfer',
	'GOOD-NO-CB': 'the tax statuses only',
};

/** An inventory (or tax) status code: the interface gives no meanings, only which revision lists it. */
export function inventoryStatusLabel(code: string): CodeLabel {
	const where = STATUS_REVISIONS[code];
	return { name: `Status ${code}`, description: where ? `Listed by the interface in ${where}` : undefined };
}

/** A warehouse code: the interface names no places, so the code is the name. */
export function warehouseLabel(code: string): CodeLabel {
	return { name: `Warehouse ${code}` };
}

/**
 * Dropdown options for codes, sorted by the name shown (n8n's rule for option lists). The value is the
 * code itself, so saved workflows keep their values.
 */
export function codeOptions(
	codes: readonly string[],
	label: Record<string, CodeLabel> | ((code: string) => CodeLabel),
): INodePropertyOptions[] {
	return codes
		.map((code) => {
			const known = typeof label === 'function' ? label(code) : label[code];
			const { name, description } = known ?? { name: `Code ${code}` };
			return description ? { name, value: code, description } : { name, value: code };
		})
		.sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
}

/** Carrier dropdown options for a list of ShippingCarrier codes. */
export const carrierOptions = (codes: readonly string[]) => codeOptions(codes, CARRIER_LABELS);

/** Warehouse dropdown options. */
export const warehouseOptions = (codes: readonly string[]) => codeOptions(codes, warehouseLabel);

/** Inventory status (or tax status) dropdown options. */
export const inventoryStatusOptions = (codes: readonly string[]) => codeOptions(codes, inventoryStatusLabel);

/** Package Status values (field notes) in words. */
export const PACKAGE_STATUS_LABELS: Record<string, CodeLabel> = {
	CANCELED: { name: 'Canceled (CANCELED)' },
	DELIVERED: { name: 'Delivered (DELIVERED)' },
	'DELIVERED TO SHIPPER': { name: 'Delivered to Shipper (DELIVERED TO SHIPPER)' },
	EXCEPTION: { name: 'Exception (EXCEPTION)' },
	'IN TRANSIT': { name: 'In Transit (IN TRANSIT)' },
	'READY FOR PICKUP': { name: 'Ready for Pickup (READY FOR PICKUP)' },
	RECEIVED: { name: 'Received (RECEIVED)' },
	RETURNED: { name: 'Returned (RETURNED)' },
	SHIPPED: { name: 'Shipped (SHIPPED)' },
};

/** Tracking webhook tags (field notes) in words. */
export const TRACKING_TAG_LABELS: Record<string, CodeLabel> = {
	AttemptFail: { name: 'Delivery Attempt Failed (AttemptFail)' },
	AvailableForPickup: { name: 'Available for Pickup (AvailableForPickup)' },
	Delivered: { name: 'Delivered' },
	Exception: { name: 'Exception' },
	Expired: { name: 'Expired' },
	InfoReceived: { name: 'Info Received (InfoReceived)' },
	InTransit: { name: 'In Transit (InTransit)' },
	OutForDelivery: { name: 'Out for Delivery (OutForDelivery)' },
	Pending: { name: 'Pending' },
};

/** Package status dropdown options. */
export const packageStatusOptions = (codes: readonly string[]) => codeOptions(codes, PACKAGE_STATUS_LABELS);

/** Tracking webhook tag dropdown options. */
export const trackingTagOptions = (codes: readonly string[]) => codeOptions(codes, TRACKING_TAG_LABELS);
