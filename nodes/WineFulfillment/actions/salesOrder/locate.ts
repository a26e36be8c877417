// "Locate By": how Update, Cancel, Generate JIT Label and Update Addresses find an existing order.
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { NAMES } from '../panel';
import { nodeParameter, readIdentifier } from '../parameters';

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

export function readLocator(ctx: IExecuteFunctions, itemIndex: number): Locator {
	const by = nodeParameter(ctx, 'locateBy', itemIndex, 'transactionReferenceNumber') as LocateBy;
	const value = readIdentifier(ctx, by, itemIndex, by === 'orderNo' ? NAMES.orderNumber : 'Transaction Reference Number');
	return { by, value };
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
