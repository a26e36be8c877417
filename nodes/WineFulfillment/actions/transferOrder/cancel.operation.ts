// Transfer Order → Cancel, by Customer Reference Number (shared with Purchase Order → Cancel).
import { ENDPOINTS } from '../../wire/endpoints';
import { cancelByReference } from '../purchaseOrder/shared';

export const { description, prepare } = cancelByReference('transferOrder', ENDPOINTS.cancelTransferOrder, 'TR-2026-0007');
