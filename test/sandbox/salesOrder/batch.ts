// Sandbox BatchSalesOrder (deprecated): each entry created like CreateSalesOrder; 413 beyond a configurable size.
import { SandboxError, badRequest, fail, optInt, optString, transactionReference, type JsonObject, type RequestContext } from '../frame';
import type { SandboxState } from '../state';
import { commitOrder, readOrderRequest } from './orders';

/** The provider documents no limit; the sandbox's is set by control `batch-limit` {maxOrders?, maxBytes?}. */
export const batchSettings = (state: SandboxState) =>
	state.store('batchSettings', () => ({ maxOrders: 100, maxBytes: Number.POSITIVE_INFINITY }));

export function setBatchLimit(state: SandboxState, input: JsonObject) {
	const settings = batchSettings(state);
	settings.maxOrders = optInt(input, 'maxOrders', 1) ?? settings.maxOrders;
	settings.maxBytes = optInt(input, 'maxBytes', 1) ?? settings.maxBytes;
	return { maxOrders: settings.maxOrders, maxBytes: Number.isFinite(settings.maxBytes) ? settings.maxBytes : null };
}

function createEntry(state: SandboxState, entry: unknown) {
	const info =
		entry && typeof entry === 'object' && !Array.isArray(entry) && typeof (entry as JsonObject).OrderInfo === 'object'
			? (((entry as JsonObject).OrderInfo ?? {}) as JsonObject)
			: {};
	const refs = {
		RefTransmissionId: typeof info.TransmissionId === 'string' ? info.TransmissionId : null,
		RefOrderNo: typeof info.OrderNo === 'string' ? info.OrderNo : null,
	};
	try {
		if (!entry || typeof entry !== 'object' || Array.isArray(entry)) badRequest('each sales order must be an object');
		const order = commitOrder(state, readOrderRequest(state, entry as JsonObject, 'create'));
		return { TransactionReferenceNumber: order.TransactionReferenceNumber, ...refs, IsCreated: true, Messages: [] };
	} catch (error) {
		if (!(error instanceof SandboxError)) throw error;
		return { TransactionReferenceNumber: null, ...refs, IsCreated: false, Messages: [error.message] };
	}
}

/** POST BatchSalesOrder {BatchId?, BatchDescription?, SalesOrdersInfo[]}. */
export function batchSalesOrder({ body, state }: RequestContext) {
	optString(body, 'BatchId');
	optString(body, 'BatchDescription');
	const list = body.SalesOrdersInfo;
	if (!Array.isArray(list) || list.length === 0) badRequest('SalesOrdersInfo is required: a non-empty array of sales orders');
	const { maxOrders, maxBytes } = batchSettings(state);
	const orders = list as unknown[];
	if (orders.length > maxOrders || Buffer.byteLength(JSON.stringify(body)) > maxBytes) {
		fail(413, `Request payload too large: at most ${maxOrders} sales orders per batch`);
	}
	return {
		status: 200,
		body: {
			TransactionReferenceNumber: transactionReference(state),
			CreateSalesOrderStatuses: orders.map((entry) => createEntry(state, entry)),
		},
	};
}
