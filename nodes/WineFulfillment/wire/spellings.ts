// The interface's member names by the object that holds them, read once from the request schemas: how Additional Fields
// (JSON) members in another letter case are given the interface's spelling (actions/common.ts withAdditionalJson), and
// how an answer's members the node reads are found in another letter case (inSpelling).
import { z, type ZodType } from 'zod';

import { carrierLocationsRequest, validateAddressRequest } from './commerce';
import { getSellableRequest, getStatusRequest, getTransactionsRequest } from './inventory';
import {
	cancelMovementRequest,
	createPurchaseOrderRequest,
	createTransferOrderRequest,
	updatePurchaseOrderRequest,
	updateTransferOrderRequest,
} from './inventoryMovement';
import { createSkuRequest, retireSkuRequest, updateSkuRequest } from './product';
import {
	cancelSalesOrderRequest,
	createSalesOrderRequest,
	getReturnsRequest,
	jitLabelRequest,
	updateAddressesRequest,
	updateSalesOrderRequest,
} from './salesOrder';
import { getDeliveryEstimatesRequest, getDetailsRequest, getPackagesRequest } from './tracking';

/** Every request the node validates: where Additional Fields (JSON) may add members. */
const REQUESTS: ZodType[] = [
	createSalesOrderRequest,
	updateSalesOrderRequest,
	cancelSalesOrderRequest,
	getReturnsRequest,
	jitLabelRequest,
	updateAddressesRequest,
	createPurchaseOrderRequest,
	updatePurchaseOrderRequest,
	cancelMovementRequest,
	createTransferOrderRequest,
	updateTransferOrderRequest,
	getStatusRequest,
	getTransactionsRequest,
	getSellableRequest,
	createSkuRequest,
	updateSkuRequest,
	retireSkuRequest,
	getDetailsRequest,
	getPackagesRequest,
	getDeliveryEstimatesRequest,
	validateAddressRequest,
	carrierLocationsRequest,
];

/** The schema under wrappers (lazy, refinements, optional, pipes) and a list's element: where an object's members are. */
function innerSchema(schema: ZodType): ZodType {
	for (;;) {
		if (schema instanceof z.ZodLazy) schema = schema.schema as ZodType;
		else if (schema instanceof z.ZodEffects) schema = schema.innerType() as ZodType;
		else if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) schema = schema.unwrap() as ZodType;
		else if (schema instanceof z.ZodDefault) schema = schema.removeDefault() as ZodType;
		else if (schema instanceof z.ZodPipeline) schema = schema._def.in as ZodType;
		else if (schema instanceof z.ZodArray) schema = schema.element as ZodType;
		else return schema;
	}
}

/** By the member that holds an object ('' for a request itself): its members' lower-case names → the interface's spelling. */
export type Spellings = Map<string, Map<string, string>>;

function collectSpellings(schema: ZodType, holder: string, into: Spellings, ambiguous: Set<string>): void {
	const inner = innerSchema(schema);
	if (inner instanceof z.ZodUnion) {
		for (const option of inner.options as ZodType[]) collectSpellings(option, holder, into, ambiguous);
		return;
	}
	if (!(inner instanceof z.ZodObject)) return;
	const names = into.get(holder) ?? new Map<string, string>();
	into.set(holder, names);
	for (const [name, member] of Object.entries(inner.shape as Record<string, ZodType>)) {
		const lower = name.toLowerCase();
		// two spellings of one name under one holder: renaming to either would be a guess
		if (names.has(lower) && names.get(lower) !== name) ambiguous.add(`${holder}\u0000${lower}`);
		names.set(lower, name);
		collectSpellings(member, name, into, ambiguous);
	}
}

let spellings: Spellings | undefined;

/** The interface's member names, read once from the request schemas. */
export function interfaceSpellings(): Spellings {
	if (spellings) return spellings;
	const found: Spellings = new Map();
	const ambiguous = new Set<string>();
	for (const request of REQUESTS) collectSpellings(request, '', found, ambiguous);
	for (const entry of ambiguous) {
		const [holder, lower] = entry.split('\u0000');
		found.get(holder)?.delete(lower);
	}
	spellings = found;
	return found;
}


/**
 * An answer object with the named members in the interface's spelling. A .NET provider may serialise its answers in
 * camelCase ("isCreated", "transactionReferenceNumber"): a member the node reads is found in any letter case. The
 * interface's own spelling wins when it is there, and two other spellings of one name are left as sent (either would
 * be a guess); every other member stays as sent, in its place.
 */
export function inSpelling<T extends object>(answer: T, names: readonly string[]): T {
	return spelledBy(answer, new Map(names.map((name) => [name.toLowerCase(), name])));
}

/**
 * inSpelling's rule with the names by their lower-case form (`byLower`), `inner` applied to every value: a member is
 * renamed when it is the only one of the object that spells its name.
 */
function spelledBy<T extends object>(answer: T, byLower: ReadonlyMap<string, string>, inner = (value: unknown) => value): T {
	const spelled = (member: string) => byLower.get(member.toLowerCase());
	// how many members spell each name
	const spellings = new Map<string | undefined, number>();
	for (const member of Object.keys(answer)) spellings.set(spelled(member), (spellings.get(spelled(member)) ?? 0) + 1);
	const renamed = Object.entries(answer).map(([member, value]): [string, unknown] => {
		const name = spelled(member);
		return [name !== undefined && spellings.get(name) === 1 ? name : member, inner(value)];
	});
	return Object.fromEntries(renamed) as T;
}

/**
 * The members of the interface's answers (field notes, the interface, and what the node reads) that its requests do not
 * name: with the requests' members, the names a camelCase answer is read back to.
 */
const ANSWER_MEMBERS = (
	'AddressCandidates AddressClassificationIndicator AddressValidationIndicator AlcoholPercentage AttemptFail ' +
	'AvailableForPickup Bottles BusinessHours CandidateAddressFormat Carrier CarrierLocations CarrierStatus ' +
	'CarrierStatusMessage CarrierStatusTimestamp Cases ClientManagedStorage Close CloseDate CompanyName Contact ' +
	'ContentType CreateSalesOrderStatuses CustomerName CustomerNo CutoffTime DayOfWeek DeliveryDateEstimate ' +
	'DeliveryEstimateOptions Distance Document Documents Email Errors EstimatedDeliveryDate FileName ' +
	'GeographicCoordinates GrossWeight HoldReason HoldReasonDescription InTransit IncomingPreReserved ' +
	'InfoReceived InventoryTransactions IsAlcoholShipmentAllowed IsCancelOnly IsCreated IsSuccess ItemUnit Items ' +
	'Label LabelData LatestActivityTimestamp LocationId LocationType MarketingMaterial Message Messages ' +
	'MoreRecords Name Open OrderOnHoldItems OriginalTrackingNumber OutForDelivery Oversold PALDetails PONumber ' +
	'PackageItems PackageLocation Packages Phone Quantity QuantityAvailable QuantityOnBackorder QuantityOnHand ' +
	'QuantityOnPurchaseOrder QuantityReserved RMANumber ReceivedDate RefOrderNo RefTransmissionId ' +
	'RequestedShipDate ReservedQuantity ReturnReason ReturnResult ReturnSalesOrderHeaders ReturnSalesOrderLines ' +
	'ReturnStatus ReturnWarehouse SKUs SalesChannel SalesOrdersInfo SellableQuantity Service ' +
	'ServiceManagedStorage ShipDate ShipTo ShipToName ShipmentDate ShippingCarrierCode ShippingOptions ' +
	'ShippingServiceCode ShippingSite ShippingWarehouse ShippngServiceCode Site Status StatusDescription ' +
	'Statuses StoreNumber Succeeded Success TastingFee TotalRecordCount TrackingNo TrackingURL ' +
	'TransactionDateTime Type VirtualItems WarehouseInventoryStatuses'
).split(' ');

let answerNames: Map<string, string> | undefined;

/** Lower-case name → the interface's spelling, for the members of answers: the requests' and ANSWER_MEMBERS. */
function answerSpellings(): Map<string, string> {
	if (answerNames) return answerNames;
	const names = new Map<string, string>();
	for (const holder of interfaceSpellings().values()) for (const [lower, name] of holder) names.set(lower, name);
	for (const name of ANSWER_MEMBERS) names.set(name.toLowerCase(), name);
	answerNames = names;
	return names;
}

/** Whether an answer is written in camelCase: its first member (a list's first record's) starts with a small letter. */
function inCamelCase(answer: unknown): boolean {
	const record: unknown = Array.isArray(answer) ? answer.find((entry) => entry && typeof entry === 'object' && !Array.isArray(entry)) : answer;
	// text has no members of its own that start with a letter (its indexes are digits); null and a number have none
	if (typeof record === 'object') for (const member in record) return /^[a-z]/.test(member);
	// Stryker disable next-line BooleanLiteral: an answer without members renamed is the same answer
	return false;
}

/** A value with inSpelling's rule applied to every object in it, at every depth. */
function renamed(value: unknown, names: ReadonlyMap<string, string>): unknown {
	if (Array.isArray(value)) return value.map((entry) => renamed(entry, names));
	if (!value || typeof value !== 'object') return value;
	return spelledBy(value, names, (inner) => renamed(inner, names));
}

/**
 * A success answer in the interface's spelling. Every member the interface names is PascalCase; a provider (or a
 * gateway) that serialises with .NET's camelCase naming policy sends "orderNo", "trackingNo", "rmaNumber": each reader
 * (Simplify, the trigger's keys, paging counters) would find nothing and put out records of nulls, or no event ever.
 * In such an answer (its first member starts with a small letter) every member the interface names is given its
 * spelling, at every depth, as inSpelling gives it (two spellings of one name in one object stay as sent); other
 * members stay as sent. An answer in PascalCase is returned as it is, unwalked.
 */
export function inInterfaceCase<T>(answer: T): T {
	return inCamelCase(answer) ? (renamed(answer, answerSpellings()) as T) : answer;
}
