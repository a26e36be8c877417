import type { IDataObject, IDisplayOptions, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';

import { WAREHOUSES } from '../../wire/common';
import { inventoryStatusOptions, warehouseOptions } from '../../wire/labels';
import { ENDPOINTS } from '../../wire/endpoints';
import {
	CREATE_TRANSFER_OURS,
	TRANSFER_REVISIONS,
	TRANSFER_STATUS_BY_REVISION,
	TRANSFER_STATUSES,
	createTransferOrderRequest,
	type TransferRevision,
} from '../../wire/inventoryMovement';
import { requireReference } from '../../transport/reference';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, hintOnce, hintUnknownWarehouses, itemsFor, validateWithJson } from '../common';
import { toWire } from '../wireNames';
import { itemsProperties, readItems, writeResult } from '../purchaseOrder/shared';
import { NAMES } from '../panel';
import { nodeParameter, invalidField } from '../parameters';
import { sendOnce, sendOnceProperties } from '../sentOrders';
import { TRANSFER_ITEMS_EXAMPLE, contactProperties, transferItemRow, transferItemToWire, transferOrderLabels } from './fields';
import { withOptions, type Send } from '../operation';

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

/** The revision the account uses when the panel does not say: the newest. */
const NEWEST_REVISION: TransferRevision = TRANSFER_REVISIONS[TRANSFER_REVISIONS.length - 1];

/**
 * Interface Revision was a top-level parameter (default 3.1.3) deciding which of two status parameters showed.
 * It is now an option (Additional Fields → Interface Revision, default the newest), and one Inventory Status
 * lists the codes of both revisions. The old parameter stays, hidden, so that a workflow saved with it keeps
 * its value: one saved with 3.1.4 shows and sends its 3.1.4 status parameter, as before.
 */
const LEGACY_REVISION = 'interfaceRevision';
const STATUS = 'inventoryStatusCode313';
const LEGACY_STATUS_314 = 'inventoryStatusCode314';

const statusParameter = (name: string, show: IDisplayOptions): INodeProperties => ({
	displayName: 'Inventory Status',
	name,
	type: 'options',
	required: true,
	default: 'GOOD-NO-TX',
	options: inventoryStatusOptions(TRANSFER_STATUSES),
	displayOptions: show,
	description:
		'Inventory status of the stock to move. Each code says which interface revision lists it; a custom code from your provider can be given with an expression.',
});

const revisionOption: INodeProperties = {
	displayName: 'Interface Revision',
	name: 'interfaceRevision',
	type: 'options',
	default: NEWEST_REVISION,
	options: TRANSFER_REVISIONS.map((r) => ({
		name: `Revision ${r}`,
		value: r,
		description: r === '3.1.3' ? 'The interface version' : 'The create-transfer variant with the return and damage codes',
	})),
	description:
		'Only if your provider says your account uses an older revision of create-transfer. Nothing of it is sent: the node hints when Inventory Status is not a code of this revision.',
};

const properties: INodeProperties[] = [
	{
		displayName: 'Interface Revision (Saved Before It Became an Option)',
		name: LEGACY_REVISION,
		type: 'hidden',
		default: '',
	},
	{
		displayName: NAMES.customerReferenceNumber,
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
		description: "Day the transfer should happen, as the workflow's time zone shows it (sent as MM/DD/YYYY, without the time)",
	},
	warehouse('From Warehouse', 'transferFromWarehouse', 'APC01', 'Warehouse the stock leaves'),
	warehouse('To Warehouse', 'transferToWarehouse', 'APC02', 'Warehouse the stock goes to; must differ from From Warehouse'),
	statusParameter(STATUS, { hide: { [LEGACY_REVISION]: ['3.1.4'] } }),
	statusParameter(LEGACY_STATUS_314, { show: { [LEGACY_REVISION]: ['3.1.4'] } }),
	...contactProperties(true),
	...itemsProperties(transferItemRow, TRANSFER_ITEMS_EXAMPLE),
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			revisionOption,
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

export const description = updateDisplayOptions({ show }, withOptions(properties));

/**
 * The revision in force and the parameter holding the status: Additional Fields → Interface Revision, else the
 * top-level one a workflow was saved with, else the newest; the status is the 3.1.4 parameter only where the
 * saved top-level revision shows it.
 */
function revisionAndStatus(ctx: IExecuteFunctions, itemIndex: number): { revision: TransferRevision; status: string } {
	const read = (name: string) => String(nodeParameter(ctx, name, itemIndex, '') ?? '').trim();
	const legacy = read(LEGACY_REVISION);
	const chosen = read('additionalFields.interfaceRevision') || legacy || NEWEST_REVISION;
	if (!(TRANSFER_REVISIONS as readonly string[]).includes(chosen)) {
		throw invalidField(ctx, 'Interface Revision', `must be one of ${TRANSFER_REVISIONS.join(', ')}`, itemIndex, chosen);
	}
	return { revision: chosen as TransferRevision, status: legacy === '3.1.4' ? LEGACY_STATUS_314 : STATUS };
}

function transferInfo(ctx: IExecuteFunctions, itemIndex: number, statusParameterName: string): IDataObject {
	const text = (name: string) => nodeParameter(ctx, name, itemIndex, '') as string;
	const { interfaceRevision: _revision, ...additional } = nodeParameter(ctx, 'additionalFields', itemIndex, {}) as IDataObject;
	return compact({
		CustomerReferenceNo: text('customerReferenceNo'),
		RequestedDate: text('requestedDate'),
		TransferFromWarehouse: text('transferFromWarehouse'),
		InventoryStatusCode: text(statusParameterName),
		TransferToWarehouse: text('transferToWarehouse'),
		FirstName: text('firstName'),
		LastName: text('lastName'),
		PhoneNumber: text('phoneNumber'),
		EmailAddress: text('emailAddress'),
		...toWire(additional),
	});
}

export function prepare(this: IExecuteFunctions, itemIndex: number): Send {
	const { revision, status } = revisionAndStatus(this, itemIndex);
	const body = validateWithJson(
		this,
		createTransferOrderRequest,
		{ TransferInfo: transferInfo(this, itemIndex, status), ItemsInfo: readItems(this, itemIndex, transferItemToWire) },
		CREATE_TRANSFER_OURS,
		transferOrderLabels,
		itemIndex,
	);
	const info = body.TransferInfo;
	hintUnknownWarehouses(this, 'From Warehouse', [info.TransferFromWarehouse]);
	hintUnknownWarehouses(this, 'To Warehouse', [info.TransferToWarehouse]);
	if (!TRANSFER_STATUS_BY_REVISION[revision].includes(info.InventoryStatusCode)) {
		// the revision in force does not list the code: any revision that does is another one
		const other = TRANSFER_REVISIONS.find((r) => TRANSFER_STATUS_BY_REVISION[r].includes(info.InventoryStatusCode));
		hintOnce(
			this,
			`Inventory status "${info.InventoryStatusCode}" is not a code of revision ${revision}; it is kept as given (custom codes come from the provider).${
				other ? ` It is a code of revision ${other}: if your account uses that one, set Additional Fields → Interface Revision to ${other}.` : ''
			}`,
		);
	}
	const ref = info.CustomerReferenceNo;
	return sendOnce(
		this,
		itemIndex,
		{ kind: 'transferOrder', identity: ref, onByDefault: false },
		async () => {
			const response = await apiRequest.call(this, ENDPOINTS.createTransferOrder, body as IDataObject, { itemIndex, labels: transferOrderLabels });
			const reference = requireReference(this, ENDPOINTS.createTransferOrder, response, itemIndex);
			return { reference, output: itemsFor([writeResult(response.body, ref, 'created', reference)], itemIndex) };
		},
		(reference) => itemsFor([{ CustomerReferenceNo: ref, Outcome: 'created', TransactionReferenceNumber: reference }], itemIndex),
	);
}
