// Purchase Order → Cancel, by Customer Reference Number (shared with Transfer Order → Cancel).
import { ENDPOINTS } from '../../wire/endpoints';
import { cancelByReference } from './shared';

export const { description, prepare } = cancelByReference('purchaseOrder', ENDPOINTS.cancelPurchaseOrder, 'PO-2026-0042');
