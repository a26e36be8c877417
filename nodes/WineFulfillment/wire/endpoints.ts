// Every endpoint of the interface: path, method, whether it may be resent, and where credentials go.
import type { IDataObject } from 'n8n-workflow';

/**
 * Where the three credential members travel in the body (field notes, "Authentication shapes"):
 * an `Authentication` object (most), an `AuthenticationDetails` object (Tracking GetDetails), or
 * flat at the top level (GetOrdersOnHold).
 */
export type AuthShape = 'Authentication' | 'AuthenticationDetails' | 'flat';

/**
 * `read`: safe to resend (queries). `write`: creates, updates or cancels something; never resent
 * once it may have reached the provider, since a resend can duplicate an order.
 */
export type EndpointKind = 'read' | 'write';

export interface Endpoint {
	method: 'POST' | 'PATCH';
	path: string;
	kind: EndpointKind;
	auth: AuthShape;
	/** the record an update or cancel acts on, for errors that name it (403: state changed; 404: unknown) */
	changes?: 'sales order' | 'purchase order' | 'transfer order' | 'SKU';
	/** what a write does, as its answer may say whether it did ({"Cancelled": false}: see transport/errors.ts saysFailed) */
	does?: WriteDeeds;
}

/** What a write does: the word its answer may say it did or did not with (IsCreated, Updated, Cancelled, Retired). */
export type WriteDeed = 'created' | 'updated' | 'cancelled' | 'retired';
/** A write's deed, or its deeds where one call does two (UpdateSalesOrder with IsCancelOnly updates to cancel). */
export type WriteDeeds = WriteDeed | readonly WriteDeed[];

const post = (
	path: string,
	kind: EndpointKind,
	auth: AuthShape = 'Authentication',
	changes?: Endpoint['changes'],
	does?: WriteDeed,
): Endpoint => ({ method: 'POST', path, kind, auth, ...(changes ? { changes } : {}), ...(does ? { does } : {}) });

export const ENDPOINTS = {
	// Fulfillment
	createSalesOrder: post('/api/SalesOrder/CreateSalesOrder', 'write', 'Authentication', undefined, 'created'),
	updateSalesOrder: post('/api/SalesOrder/UpdateSalesOrder', 'write', 'Authentication', 'sales order', 'updated'),
	cancelSalesOrder: post('/api/SalesOrder/CancelSalesOrder', 'write', 'Authentication', 'sales order', 'cancelled'),
	getOrdersOnHold: post('/api/SalesOrder/GetOrdersOnHold', 'read', 'flat'),
	getReturns: post('/api/SalesOrder/GetReturns', 'read'),
	generateJitLabel: post('/api/SalesOrder/GenerateJitLabel', 'write'),
	updateAddresses: {
		method: 'PATCH',
		path: '/api/SalesOrder/Addresses',
		kind: 'write',
		auth: 'Authentication',
		changes: 'sales order',
		does: 'updated',
	} as Endpoint,
	batchSalesOrder: post('/api/SalesOrder/BatchSalesOrder', 'write'),
	// Inventory movement
	createPurchaseOrder: post('/api/InventoryMovement/CreatePurchaseOrder', 'write', 'Authentication', undefined, 'created'),
	updatePurchaseOrder: post('/api/InventoryMovement/UpdatePurchaseOrder', 'write', 'Authentication', 'purchase order', 'updated'),
	cancelPurchaseOrder: post('/api/InventoryMovement/CancelPurchaseOrder', 'write', 'Authentication', 'purchase order', 'cancelled'),
	createTransferOrder: post('/api/InventoryMovement/CreateTransferOrder', 'write', 'Authentication', undefined, 'created'),
	updateTransferOrder: post('/api/InventoryMovement/UpdateTransferOrder', 'write', 'Authentication', 'transfer order', 'updated'),
	cancelTransferOrder: post('/api/InventoryMovement/CancelTransferOrder', 'write', 'Authentication', 'transfer order', 'cancelled'),
	// Inventory queries
	getTransactions: post('/api/Inventory/GetTransactions', 'read'),
	getStatus: post('/api/Inventory/GetStatus', 'read'),
	getSellable: post('/api/Inventory/GetSellable', 'read'),
	// Product
	createSku: post('/api/SKU/CreateSKU', 'write', 'Authentication', undefined, 'created'),
	updateSku: post('/api/SKU/UpdateSKU', 'write', 'Authentication', 'SKU', 'updated'),
	retireSku: post('/api/SKU/RetireSku', 'write', 'Authentication', 'SKU', 'retired'),
	// Tracking
	getTrackingDetails: post('/api/Tracking/GetDetails', 'read', 'AuthenticationDetails'),
	getPackages: post('/api/Tracking/GetPackages', 'read'),
	getDeliveryEstimates: post('/api/Tracking/GetDeliveryEstimates', 'read'),
	// Commerce
	validateAddress: post('/api/Address/Validation', 'read'),
	getCarrierLocations: post('/api/Address/GetCarrierLocations', 'read'),
} satisfies Record<string, Endpoint>;

const AUTH_BY_PATH = new Map<string, AuthShape>(
	Object.values(ENDPOINTS).map((e) => [e.path.toLowerCase(), e.auth]),
);

/** The credential shape for a request URL (full or relative); unknown paths use `Authentication`. */
export function authShapeForUrl(url: string): AuthShape {
	// Only the scheme's `//` is cut: it must not read as the path's first slash (a host named `api` would make `//api/`).
	// The host stays, as it holds no `/`; the path ends at the first `?` or `#`.
	// Stryker disable next-line StringLiteral: any text without a `/` in place of the scheme leaves the path's end where it was
	const path = url.replace(/^[a-z]+:\/\//i, '');
	const lower = path.split(/[?#]/)[0].toLowerCase();
	// The endpoint is the path's end, `/api/<Resource>/<Operation>`: a base URL may add a prefix, one with an `/api/` of
	// its own too (https://partner.example/api/v3; bug hunt 38).
	const endpoint = /\/api\/[^/]*\/[^/]*$/.exec(lower)?.[0];
	return (endpoint && AUTH_BY_PATH.get(endpoint)) || 'Authentication';
}

export interface BodyCredentials {
	UserKey: string;
	Password: string;
	CustomerNo: string;
}

/** Returns a copy of `body` with the credentials placed in the given shape. */
export function placeCredentials(
	body: IDataObject | undefined,
	credentials: BodyCredentials,
	shape: AuthShape,
): IDataObject {
	const creds = {
		UserKey: credentials.UserKey,
		Password: credentials.Password,
		CustomerNo: credentials.CustomerNo,
	};
	// Credentials first on the wire, and the user's own members never replace them: not in the same spelling, nor in
	// another letter case, which a .NET provider reads as the same member (the last one on the wire winning)
	const own = Object.fromEntries(Object.entries(body ?? {}).filter(([member]) => !CREDENTIAL_MEMBERS.has(member.toLowerCase())));
	if (shape === 'flat') return { ...creds, ...own };
	return { [shape]: creds, ...own };
}

/** The members that carry credentials in any of the shapes, lower-cased. */
const CREDENTIAL_MEMBERS = new Set(['authentication', 'authenticationdetails', 'userkey', 'password', 'customerno']);
