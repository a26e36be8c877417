// Transfer Order → Cancel, by Customer Reference Number (shared with Purchase Order → Cancel).
import type { IExecuteFunctions } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { keyed, type Send } from '../operation';
import { nodeParameter } from '../parameters';
import { cancelByReference } from '../purchaseOrder/shared';

const cancel = cancelByReference('transferOrder', ENDPOINTS.cancelTransferOrder, 'TR-2026-0007');

export const { description } = cancel;

/** bug hunt 44: the writes to one transfer order are sent one after another, in input order. */
export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	return keyed(cancel.prepare.call(this, itemIndex), String(nodeParameter(this, 'customerReferenceNo', itemIndex)));
}
