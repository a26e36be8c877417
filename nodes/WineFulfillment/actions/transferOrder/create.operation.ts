import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import { WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import {
	TRANSFER_REVISIONS,
	TRANSFER_STATUS_BY_REVISION,
	TRANSFER_STATUSES,
	createTransferOrderRequest,
	type TransferRevision,
} from '../../wire/inventoryMovement';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, hintUnknownWarehouses, itemsFor, validateBody, withAdditionalJson, showOnlyFor } from '../common';
import { wireNames } from '../purchaseOrder/fields';
import { itemsProperties, readItems, writeResult } from '../purchaseOrder/shared';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { TRANSFER_ITEMS_EXAMPLE, contactProperties, transferItemRow, transferItemToWire, transferOrderLabels } from './fields';

const show = { resource: ['transferOrder'], operation: ['create'] };

const warehouse = (displayName: string, name: string, byDefault: string, description: string): INodeProperties => ({
	displayName,
	name,
	type: 'options',
	required: true,
	default: byDefault,
	options: warehouseOptions(WAREHOUSES),
	description,
});

/** The status parameter of one revision: each revision has its own, so the editor shows only its codes. */
const statusParameter = (revision: TransferRevision): INodeProperties => ({
	displayName: 'Inventory Status',
	name: statusParameterName(revision),
	type: 'options',
	required: true,
	default: 'GOOD-NO-TX',
	options: inventoryStatusOptions(TRANSFER_STATUS_BY_REVISION[revision]),
	displayOptions: { show: { interfaceRevision: [revision] } },
	description: `Inventory status of the stock to move (codes of revision ${revision}). A custom code from your provider can be given with an expression.`,
});

const statusParameterName = (revision: TransferRevision) =>
	revision === '3.1.4' ? 'inventoryStatusCode314' : 'inventoryStatusCode313';

const properties: INodeProperties[] = [
	{
		displayName: 'Interface Revision',
		name: 'interfaceRevision',
		type: 'options',
		default: '3.1.3',
		options: TRANSFER_REVISIONS.map((r) => ({
			name: `Revision ${r}`,
			value: r,
			description: r === '3.1.3' ? 'The interface version' : 'The create-transfer variant with the return and damage codes',
		})),
		description: "Revision of create-transfer your account uses; it decides which inventory status codes are offered",
	},
	{
		displayName: 'Customer Reference No',
		name: 'customerReferenceNo',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. TR-2026-0007',
		description: 'Your pickup or delivery reference; Update and Cancel find the transfer order by it',
	},
	{
		displayName: 'Requested Date',
		name: 'requestedDate',
		type: 'dateTime',
		required: true,
		default: '',
		description: 'When the transfer should happen (sent as an ISO 8601 date-time in UTC)',
	},
	warehouse('From Warehouse', 'transferFromWarehouse', 'APC01', 'Warehouse the stock leaves'),
	warehouse('To Warehouse', 'transferToWarehouse', 'APC02', 'Warehouse the stock goes to; must differ from From Warehouse'),
	...TRANSFER_REVISIONS.map(statusParameter),
	...contactProperties(true),
	...itemsProperties(transferItemRow, TRANSFER_ITEMS_EXAMPLE),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Special Instruction',
				name: 'specialInstruction',
				type: 'string',
				typeOptions: { rows: 2 },
				default: '',
				description: 'Notes for the warehouses',
			},
			{
				displayName: 'To Inventory Status (Coming Soon)',
				name: 'transferToInventoryStatusCode',
				type: 'options',
				default: 'GOOD-NO-TX',
				options: inventoryStatusOptions(TRANSFER_STATUSES),
				description:
					'Inventory status at the destination; marked coming soon by the interface. Without it the stock keeps its status.',
			},
		],
	},
	additionalJsonProperty('{"TransferInfo": {"SomeMember": "value"}}'),
	...sendOnceProperties('transferOrder', false),
];

export const description = showOnlyFor({ show }, properties);

function transferInfo(ctx: IExecuteFunctions, itemIndex: number, revision: TransferRevision): IDataObject {
	const text = (name: string) => ctx.getNodeParameter(name, itemIndex, '') as string;
	return compact({
		CustomerReferenceNo: text('customerReferenceNo'),
		RequestedDate: text('requestedDate'),
		TransferFromWarehouse: text('transferFromWarehouse'),
		InventoryStatusCode: text(statusParameterName(revision)),
		TransferToWarehouse: text('transferToWarehouse'),
		FirstName: text('firstName'),
		LastName: text('lastName'),
		PhoneNumber: text('phoneNumber'),
		EmailAddress: text('emailAddress'),
		...wireNames(ctx.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject),
	});
}

export async function execute(this: IExecuteFunctions, itemIndex: number): Promise<INodeExecutionData[]> {
	const revision = this.getNodeParameter('interfaceRevision', itemIndex, '3.1.3') as TransferRevision;
	const body = validateBody(
		this,
		createTransferOrderRequest,
		withAdditionalJson(
			this,
			{ TransferInfo: transferInfo(this, itemIndex, revision), ItemsInfo: readItems(this, itemIndex, transferItemToWire) },
			itemIndex,
		),
		transferOrderLabels,
		itemIndex,
	);
	const info = body.TransferInfo;
	hintUnknownWarehouses(this, 'Warehouse', [info.TransferFromWarehouse, info.TransferToWarehouse]);
	const known = TRANSFER_STATUS_BY_REVISION[revision] ?? TRANSFER_STATUSES;
	if (!known.includes(info.InventoryStatusCode)) {
		this.addExecutionHints({
			message: `Inventory status "${info.InventoryStatusCode}" is not a code of revision ${revision}; it was sent as given (custom codes come from the provider).`,
			location: 'outputPane',
		});
	}
	const ref = info.CustomerReferenceNo;
	return await sendOnce(
		this,
		itemIndex,
		{ kind: 'transferOrder', identity: ref, onByDefault: false },
		async () => {
			const response = await apiRequest.call(this, ENDPOINTS.createTransferOrder, body as IDataObject, { itemIndex });
			const reference = requireReference(this, ENDPOINTS.createTransferOrder, response, itemIndex);
			return { reference, output: itemsFor([writeResult(response.body, ref, 'created')], itemIndex) };
		},
		(reference) => itemsFor([{ CustomerReferenceNo: ref, Outcome: 'created', TransactionReferenceNumber: reference }], itemIndex),
	);
}
