// "Locate By": how Update, Cancel, Generate JIT Label and Update Addresses find an existing order.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import get from 'lodash/get';

import { preview } from '../../wire/values';
import { NAMES } from '../panel';
import { invalidField, readChoice, readIdentifier } from '../parameters';

export type LocateBy = 'transactionReferenceNumber' | 'orderNo';

export const locateProperties: INodeProperties[] = [
	{
		displayName: 'Locate By',
		name: 'locateBy',
		type: 'options',
		default: 'transactionReferenceNumber',
		options: [
			{
				name: NAMES.orderNumber,
				value: 'orderNo',
				description: 'Your order number; fails with "several orders match" when it is not unique',
			},
			{
				name: 'Transaction Reference Number',
				value: 'transactionReferenceNumber',
				description: 'The identifier Create returned: always matches exactly one order',
			},
		],
		description: 'How to find the order',
	},
	{
		displayName: 'Transaction Reference Number',
		name: 'transactionReferenceNumber',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 5a1d0000-0000-4000-8000-000000000001',
		displayOptions: { show: { locateBy: ['transactionReferenceNumber'] } },
		description: 'The transaction reference number Create returned for the order',
	},
	{
		displayName: NAMES.orderNumber,
		name: 'orderNo',
		type: 'string',
		default: '',
		required: true,
		displayOptions: { show: { locateBy: ['orderNo'] } },
		description: 'The order number (OrderNo) the order was created with',
	},
];

export interface Locator {
	by: LocateBy;
	value: string;
}

const LOCATE_BY: readonly LocateBy[] = ['orderNo', 'transactionReferenceNumber'];

/** The field of the editor that holds the locator's value. */
function locatorField(by: LocateBy): string {
	return by === 'orderNo' ? NAMES.orderNumber : 'Transaction Reference Number';
}

/** Locate By and its value; a Locate By that is not an option (from an expression) is refused naming it. */
export function readLocator(ctx: IExecuteFunctions, itemIndex: number): Locator {
	// which order to change is never a default's: blank is refused, as any other text
	const by = readChoice(ctx, 'locateBy', itemIndex, 'Locate By', LOCATE_BY, 'transactionReferenceNumber', 'refused');
	const value = readIdentifier(ctx, by, itemIndex, locatorField(by));
	return { by, value };
}

/** The members that name an order by its order number, in one request or another (Addresses, Cancel, Update). */
const ORDER_NUMBER_MEMBERS = [['OrderNo'], ['OrderNumber'], ['OrderInfo', 'OrderNo']];

/**
 * Refuses a request whose locator members, as Additional Fields (JSON) may set them, name another order than Locate By:
 * a TransactionReferenceNumber (the provider locates by it first) unless it is the one located by, or an order number
 * other than the one located by. An order number beside a transaction reference number is left: the provider ignores it.
 */
export function checkLocator(ctx: IExecuteFunctions, locator: Locator, body: IDataObject, itemIndex: number): void {
	const others: Array<[string, unknown]> = [];
	const trn = body.TransactionReferenceNumber;
	if (trn !== undefined && (locator.by !== 'transactionReferenceNumber' || !sameValue(trn, locator.value))) {
		others.push(['TransactionReferenceNumber', trn]);
	}
	if (locator.by === 'orderNo') {
		for (const path of ORDER_NUMBER_MEMBERS) {
			const value = get(body, path) as unknown;
			if (value !== undefined && !sameValue(value, locator.value)) others.push([path.join('.'), value]);
		}
	}
	if (others.length === 0) return;
	const [member, value] = others[0];
	const field = locatorField(locator.by);
	throw invalidField(
		ctx,
		'Additional Fields (JSON)',
		`its ${member} would address another order than "${field}" ${preview(locator.value)} does; leave the locator out of the JSON (Locate By chooses the order)`,
		itemIndex,
		value,
	);
}

/** A locator member the same as the located value: the same text, or a number written as that text. */
function sameValue(value: unknown, located: string): boolean {
	return (typeof value === 'string' || typeof value === 'number') && String(value).trim() === located;
}

/** The locator as wire members: TransactionReferenceNumber, or the order number under `orderNoMember`. */
export function locatorMembers(locator: Locator, orderNoMember: string): IDataObject {
	return locator.by === 'transactionReferenceNumber'
		? { TransactionReferenceNumber: locator.value }
		: { [orderNoMember]: locator.value };
}

/** The locator for output items: the same two names whatever the wire used. */
export function locatorOutput(locator: Locator): IDataObject {
	return locator.by === 'transactionReferenceNumber'
		? { TransactionReferenceNumber: locator.value }
		: { OrderNo: locator.value };
}
