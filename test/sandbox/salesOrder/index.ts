// Sandbox endpoints for sales orders: the eight fulfillment operations and the controls tests drive them with.
import { badRequest, created, ok, optObject, type RequestContext, type SandboxResource } from '../frame';
import { batchSalesOrder, setBatchLimit } from './batch';
import { createReturn, getOrdersOnHold, getReturns, readReturnsServed, seedReturns, shipOrder } from './fulfillment';
import { generateJitLabel, setLabelShape } from './label';
import {
	applyUpdate,
	cancelOrder,
	commitOrder,
	locateOrder,
	readContact,
	readDeliveryContact,
	readOrderRequest,
	refOf,
	requireOpen,
} from './orders';

function createSalesOrder({ body, state }: RequestContext) {
	const order = commitOrder(state, readOrderRequest(state, body, 'create'));
	// 201 with the transaction reference identifier as a JSON string.
	return created(order.TransactionReferenceNumber);
}

/** UpdateSalesOrder; with ?IsCancelOnly=true the deprecated cancel (properties ignored). */
function updateSalesOrder({ body, query, state }: RequestContext) {
	const info = optObject(body, 'OrderInfo') ?? {};
	const order = locateOrder(state, refOf(body, 'OrderNo', info));
	requireOpen(order);
	if ((query.get('IsCancelOnly') ?? '').toLowerCase() === 'true') {
		cancelOrder(state, order);
		return ok();
	}
	applyUpdate(state, order, readOrderRequest(state, body, 'update'));
	return ok();
}

/** CancelSalesOrder {OrderNumber | TransactionReferenceNumber} (field notes). */
function cancelSalesOrder({ body, state }: RequestContext) {
	const order = locateOrder(state, refOf(body, 'OrderNumber'));
	requireOpen(order);
	cancelOrder(state, order);
	return ok();
}

/** PATCH Addresses {OrderNo | TransactionReferenceNumber, RecipientContactInfo?, DeliveryContactInfo?}: open orders only. */
function updateAddresses({ body, state }: RequestContext) {
	const ref = refOf(body, 'OrderNo');
	const recipient = readContact(body, 'RecipientContactInfo');
	const delivery = readDeliveryContact(body);
	if (!recipient && !delivery) badRequest('RecipientContactInfo or DeliveryContactInfo is required');
	const order = locateOrder(state, ref);
	requireOpen(order);
	const request = order.request as Record<string, Record<string, unknown> | undefined>;
	if (recipient) request.RecipientContactInfo = { ...(request.RecipientContactInfo ?? {}), ...recipient };
	if (delivery) request.DeliveryContactInfo = { ...(request.DeliveryContactInfo ?? {}), ...delivery };
	order.updatedAt = state.now();
	return ok();
}

const PREFIX = '/api/SalesOrder';

export const salesOrder: SandboxResource = {
	routes: [
		{ method: 'POST', path: `${PREFIX}/CreateSalesOrder`, auth: 'Authentication', handler: createSalesOrder },
		{ method: 'POST', path: `${PREFIX}/UpdateSalesOrder`, auth: 'Authentication', handler: updateSalesOrder },
		{ method: 'POST', path: `${PREFIX}/CancelSalesOrder`, auth: 'Authentication', handler: cancelSalesOrder },
		{ method: 'POST', path: `${PREFIX}/GetOrdersOnHold`, auth: 'flat', handler: getOrdersOnHold },
		{ method: 'POST', path: `${PREFIX}/GetReturns`, auth: 'Authentication', handler: getReturns },
		{ method: 'POST', path: `${PREFIX}/GenerateJitLabel`, auth: 'Authentication', handler: generateJitLabel },
		{ method: 'PATCH', path: `${PREFIX}/Addresses`, auth: 'Authentication', handler: updateAddresses },
		{ method: 'POST', path: `${PREFIX}/BatchSalesOrder`, auth: 'Authentication', handler: batchSalesOrder },
	],
	controls: {
		'ship-order': shipOrder,
		'create-return': createReturn,
		'seed-returns': seedReturns,
		'returns-served': readReturnsServed,
		'batch-limit': setBatchLimit,
		'jit-label-shape': setLabelShape,
	},
};
