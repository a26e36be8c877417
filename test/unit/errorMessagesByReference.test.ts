// A 404's words by what the request sent (transport/errors.ts statusError's `sent`): a sales order located by a
// transaction reference number is named by it; any other request, or a blank reference, is not.
import type { IDataObject } from 'n8n-workflow';

import { statusError } from '../../nodes/WineFulfillment/transport/errors';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from './fakeContext';

const none = new Secrets([]);
const notFound = (endpoint: (typeof ENDPOINTS)[keyof typeof ENDPOINTS], sent?: IDataObject) =>
	statusError(node, endpoint, 404, '', none, 0, undefined, sent).message;

describe('statusError, 404 and the transaction reference number sent', () => {
	it('a sales order located by its transaction reference number: that number was not found', () => {
		expect(notFound(ENDPOINTS.updateSalesOrder, { TransactionReferenceNumber: '5a1d0000-0000-4000-8000-00000000ffff' })).toBe(
			'The transaction reference number was not found',
		);
		expect(notFound(ENDPOINTS.cancelSalesOrder, { TransactionReferenceNumber: 'tr-1' })).toBe('The transaction reference number was not found');
	});

	it('a sales order located by its order number, or with a blank reference beside it: the order number was not found', () => {
		expect(notFound(ENDPOINTS.updateSalesOrder, { OrderInfo: { OrderNo: 'SO-1' } })).toBe('The order number was not found');
		expect(notFound(ENDPOINTS.updateSalesOrder, { TransactionReferenceNumber: '', OrderInfo: { OrderNo: 'SO-1' } })).toBe('The order number was not found');
		expect(notFound(ENDPOINTS.cancelSalesOrder, { TransactionReferenceNumber: '', OrderNumber: 'SO-1' })).toBe('The order number was not found');
		expect(notFound(ENDPOINTS.cancelSalesOrder)).toBe('The order number was not found');
	});

	it('a request for anything but a sales order is never named by a transaction reference number it carries', () => {
		expect(notFound(ENDPOINTS.cancelPurchaseOrder, { CustomerReferenceNo: 'PO-1', TransactionReferenceNumber: 'tr-1' })).toBe(
			'No purchase order has this Customer Reference No',
		);
		expect(notFound(ENDPOINTS.updateSku, { ItemNo: 'CAB-1', TransactionReferenceNumber: 'tr-1' })).toBe('No SKU has this Item Number');
		expect(notFound(ENDPOINTS.getStatus, { TransactionReferenceNumber: 'tr-1' })).toBe('Not found (404)');
	});
});
