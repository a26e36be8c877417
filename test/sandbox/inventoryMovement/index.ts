// Inventory movement: purchase orders, transfer orders, and the control actions that move stock in tests.
import type { SandboxResource } from '../frame';
import { adjustInventory, seedTransactions } from './adjustments';
import {
	cancelPurchaseOrder,
	createPurchaseOrder,
	receivePurchaseOrder,
	startPurchaseOrderWork,
	updatePurchaseOrder,
} from './purchaseOrders';
import {
	cancelTransferOrder,
	completeTransferOrder,
	createTransferOrder,
	startTransferOrderWork,
	updateTransferOrder,
} from './transferOrders';

const path = (operation: string) => `/api/InventoryMovement/${operation}`;

export const inventoryMovement: SandboxResource = {
	routes: [
		{ method: 'POST', path: path('CreatePurchaseOrder'), auth: 'Authentication', handler: createPurchaseOrder },
		{ method: 'POST', path: path('UpdatePurchaseOrder'), auth: 'Authentication', handler: updatePurchaseOrder },
		{ method: 'POST', path: path('CancelPurchaseOrder'), auth: 'Authentication', handler: cancelPurchaseOrder },
		{ method: 'POST', path: path('CreateTransferOrder'), auth: 'Authentication', handler: createTransferOrder },
		{ method: 'POST', path: path('UpdateTransferOrder'), auth: 'Authentication', handler: updateTransferOrder },
		{ method: 'POST', path: path('CancelTransferOrder'), auth: 'Authentication', handler: cancelTransferOrder },
	],
	controls: {
		'start-purchase-order-work': startPurchaseOrderWork,
		'receive-purchase-order': receivePurchaseOrder,
		'start-transfer-order-work': startTransferOrderWork,
		'complete-transfer-order': completeTransferOrder,
		'adjust-inventory': adjustInventory,
		'seed-transactions': seedTransactions,
	},
};
