// Helpers purchase and transfer orders share: item lists, the order an update names, sending a write, shaping its result, and Cancel.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';
import isPlainObject from 'lodash/isPlainObject';

import type { Endpoint } from '../../wire/endpoints';
import { cancelMovementRequest } from '../../wire/inventoryMovement';
import { apiRequest } from '../../transport/request';
import { compact, itemsFor, itemsJsonLines, validateBody, withAnswer } from '../common';
import { keyed, withOptions, type OperationModule, type Send } from '../operation';
import { NAMES, itemsInputProperty, itemsJsonProperty, itemsTableProperty, readItemsInput } from '../panel';
import { invalidField, nodeParameter } from '../parameters';
import { preview } from '../../wire/values';
import { transferOrderLabels } from '../transferOrder/fields';
import { purchaseOrderLabels } from './fields';

// ---- item lists ----

/**
 * The items of an order: a table in the editor, or JSON / an expression yielding a list of
 * objects with the wire member names. `keep` adds a "leave the items as they are" choice (updates).
 */
export function itemsProperties(row: INodeProperties[], example: string, keep = false): INodeProperties[] {
	return [
		itemsInputProperty(keep),
		itemsTableProperty(row),
		itemsJsonProperty(`A list of items with the interface's member names, or an expression returning one. Example: ${example}.`),
	];
}

/** Reads the items as wire objects (an update reads "Keep Current Items" first). */
export function readItems(
	ctx: IExecuteFunctions,
	itemIndex: number,
	toWire: (row: IDataObject) => IDataObject,
): IDataObject[] {
	if (readItemsInput(ctx, itemIndex) === 'fields') {
		const rows = nodeParameter(ctx, 'items.item', itemIndex, []) as IDataObject[];
		return rows.map((row) => compact(toWire(row)));
	}
	const lines = itemsJsonLines(ctx, itemIndex);
	if (!lines.every(isPlainObject)) {
		throw new NodeOperationError(ctx.getNode(), `Invalid "${NAMES.itemsJson}": must be a list of item objects`, {
			itemIndex,
			description:
				'Give a JSON array such as [{"ItemNo": "CAB-2019", "ItemQuantity": 12}], or an expression returning one. Nothing was sent.',
		});
	}
	// a member left empty (null, "", blanks) is not sent, as in the table
	return lines.map((line) => compact(line as IDataObject));
}

// ---- writes ----

/** Wire paths of a cancel (the reference alone) as the editor names them. */
const cancelLabels: Record<string, string> = { CustomerReferenceNo: NAMES.customerReferenceNumber };

/** The operation's wire paths in the panel's words, by the order the endpoint changes: a refusal quotes them. */
function movementLabels(endpoint: Endpoint): Record<string, string> {
	// Stryker disable next-line ConditionalExpression: every caller's endpoint changes a purchase or a transfer order
	const labels = endpoint.changes === 'transfer order' ? transferOrderLabels : purchaseOrderLabels;
	return { ...labels, ...cancelLabels };
}

/** Sends an update or cancel; the transport words refusals by the order the endpoint changes, in the panel's names. */
export async function sendMovement(
	ctx: IExecuteFunctions,
	endpoint: Endpoint,
	body: object,
	itemIndex: number,
): Promise<unknown> {
	// Stryker disable next-line ObjectLiteral: the per-item runner (actions/operation.ts) sets the failed item's index on every error
	return (await apiRequest.call(ctx, endpoint, body as IDataObject, { itemIndex, labels: movementLabels(endpoint) })).body;
}

/**
 * The output of a write: the reference it was made for, the outcome, then what the provider answered. A text answer
 * is the transaction reference for a create (requireReference has checked it) or when it reads as one; any other text
 * ("OK") is ProviderAnswer. A whole number is the reference as its digits (a cancel's identity number: bug hunt 44), and
 * a result in a list of one is that result (withAnswer). An object's members follow, but the node's own fields win over
 * members of the same name.
 */
export function writeResult(
	response: unknown,
	customerReferenceNo: string,
	outcome: 'created' | 'updated' | 'cancelled',
	reference?: string,
): IDataObject {
	return withAnswer({ CustomerReferenceNo: customerReferenceNo, Outcome: outcome }, response, reference);
}

/** A reference as the wire rule reads it (trimmed, one Unicode spelling): a number written as the text is the same. */
const referenceText = (value: unknown) =>
	typeof value === 'string' || typeof value === 'number' ? String(value).trim().normalize('NFC') : undefined;

/**
 * Keeps an update on the order Customer Reference Number names: a CustomerReferenceNo that Additional Fields (JSON)
 * gives in the body's `wrapper` (after the JSON was merged; any letter case of the member) would update another
 * order, and is refused; the same reference is sent as the field gives it.
 */
export function keepReference(
	ctx: IExecuteFunctions,
	reference: string,
	body: IDataObject,
	wrapper: 'OrderInfo' | 'TransferInfo',
	itemIndex: number,
): void {
	const info = body[wrapper];
	// an info the JSON replaced with no object is refused by the body's rules
	if (!isPlainObject(info)) return;
	const members = info as IDataObject;
	const given = members.CustomerReferenceNo;
	if (given === reference) return;
	const same = referenceText(given);
	if (same === undefined || same !== referenceText(reference)) {
		const thing = wrapper === 'OrderInfo' ? 'purchase order' : 'transfer order';
		throw invalidField(
			ctx,
			'Additional Fields (JSON)',
			`its ${wrapper}.CustomerReferenceNo would address another ${thing} than "${NAMES.customerReferenceNumber}" ${preview(reference)} does; leave CustomerReferenceNo out of the JSON`,
			itemIndex,
			given,
		);
	}
	members.CustomerReferenceNo = reference;
}

/** Cancel by Customer Reference Number: the same operation for purchase and transfer orders. */
export function cancelByReference(
	resource: 'purchaseOrder' | 'transferOrder',
	endpoint: Endpoint,
	example: string,
): Required<Pick<OperationModule, 'description' | 'prepare'>> {
	// Stryker disable next-line StringLiteral: both callers' endpoints (cancelPurchaseOrder, cancelTransferOrder) name what they change
	const what = endpoint.changes ?? 'order';
	const properties: INodeProperties[] = [
		{
			displayName: NAMES.customerReferenceNumber,
			name: 'customerReferenceNo',
			type: 'string',
			required: true,
			default: '',
			placeholder: `e.g. ${example}`,
			description: `The reference the ${what} was created with. It can be canceled only while work on it has not started.`,
		},
	];
	return {
		description: updateDisplayOptions({ show: { resource: [resource], operation: ['cancel'] } }, withOptions(properties)),
		prepare(this: IExecuteFunctions, itemIndex: number): Send {
			const body = validateBody(
				this,
				cancelMovementRequest,
				{ CustomerReferenceNo: nodeParameter(this, 'customerReferenceNo', itemIndex) as string },
				{ CustomerReferenceNo: NAMES.customerReferenceNumber },
				itemIndex,
			);
			// the writes to one order are sent one after another, in input order (bug hunt 44)
			return keyed(async () => {
				const response = await sendMovement(this, endpoint, body, itemIndex);
				return itemsFor([writeResult(response, body.CustomerReferenceNo, 'cancelled')], itemIndex);
			}, String(body.CustomerReferenceNo));
		},
	};
}
