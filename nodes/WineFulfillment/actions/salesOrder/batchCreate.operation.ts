// Batch Create (deprecated BatchSalesOrder): input items grouped into chunks, a 413 answered by halving the chunk.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { ENDPOINTS } from '../../wire/endpoints';
import { BATCH_STATUSES, type CreateSalesOrderRequest } from '../../wire/salesOrder';
import { apiRequest } from '../../transport/request';
import { additionalJsonProperty, compact, showOnlyFor } from '../common';
import { asNodeError, errorItem } from '../operation';
import { readInteger, readText, type IntegerField } from '../parameters';
import { orderProperties, buildOrder } from './create.operation';

export const DEFAULT_BATCH_SIZE = 50;
/** The interface names no batch limit (a 413 splits a batch); 1,000 orders per request is the node's bound. */
const BATCH_SIZE_FIELD: IntegerField = { field: 'Batch Size', min: 1, max: 1000, fallback: DEFAULT_BATCH_SIZE };

const properties: INodeProperties[] = [
	{
		displayName:
			'Batch Sales Order is deprecated by the provider. Prefer Create, which sends one order per input item.',
		name: 'deprecationNotice',
		type: 'notice',
		default: '',
	},
	...orderProperties,
	{
		...additionalJsonProperty(),
		description:
			'Extra wire members the fields above lack, merged into each order entry (objects are merged member by member)',
	},
	{
		displayName: 'Batch Options',
		name: 'batchOptions',
		type: 'collection',
		placeholder: 'Add option',
		default: {},
		options: [
			{
				displayName: 'Batch Description',
				name: 'BatchDescription',
				type: 'string',
				default: '',
				description: 'Description sent with every batch request of this run',
			},
			{
				displayName: 'Batch ID',
				name: 'BatchId',
				type: 'string',
				default: '',
				description: 'Identifier sent with every batch request of this run',
			},
			{
				displayName: 'Batch Size',
				name: 'batchSize',
				type: 'number',
				typeOptions: { minValue: BATCH_SIZE_FIELD.min, maxValue: BATCH_SIZE_FIELD.max },
				default: DEFAULT_BATCH_SIZE,
				description:
					'Orders (input items) per request. When the provider answers that a request is too large, it is split in halves and resent.',
			},
		],
	},
];

export const description = showOnlyFor({ show: { resource: ['salesOrder'], operation: ['batchCreate'] } }, properties);

interface Entry {
	itemIndex: number;
	order: CreateSalesOrderRequest;
}

type Settled<T> = { value: T } | { error: unknown };

/** Runs `fn` and keeps its failure as a value, so Continue On Fail can turn it into error items. */
async function settle<T>(fn: () => Promise<T> | T): Promise<Settled<T>> {
	try {
		return { value: await fn() };
	} catch (error) {
		return { error };
	}
}


/** The status entry of each order in the chunk: by position when it matches, else by order number. */
function matchStatuses(chunk: Entry[], statuses: IDataObject[]): Array<IDataObject | undefined> {
	const used = new Set<number>();
	const byPosition = chunk.map((entry, i) =>
		statuses[i]?.RefOrderNo === undefined || statuses[i]?.RefOrderNo === entry.order.OrderInfo.OrderNo ? i : -1,
	);
	return chunk.map((entry, i) => {
		let at = byPosition[i];
		if (at === -1 || used.has(at) || statuses[at] === undefined) {
			at = statuses.findIndex((s, k) => !used.has(k) && s.RefOrderNo === entry.order.OrderInfo.OrderNo);
		}
		if (at === -1 || statuses[at] === undefined) return undefined;
		used.add(at);
		return statuses[at];
	});
}

const asList = (value: unknown) =>
	Array.isArray(value) ? value : value === undefined || value === null || value === '' ? [] : [value];

function outputFor(entry: Entry, status: IDataObject | undefined, batchReference: unknown): INodeExecutionData {
	const json: IDataObject = status
		? {
				OrderNo: status.RefOrderNo ?? entry.order.OrderInfo.OrderNo,
				...status,
				IsCreated: status.IsCreated === true,
				Messages: asList(status.Messages),
			}
		: {
				OrderNo: entry.order.OrderInfo.OrderNo,
				IsCreated: false,
				Messages: ['The provider returned no status for this order'],
			};
	if (batchReference !== undefined) json.BatchTransactionReferenceNumber = batchReference as string;
	return { json, pairedItem: { item: entry.itemIndex } };
}

export async function executeBatch(this: IExecuteFunctions, items: INodeExecutionData[]): Promise<INodeExecutionData[]> {
	const continueOnFail = this.continueOnFail();
	const results = new Map<number, INodeExecutionData>();
	const entries: Entry[] = [];
	for (let itemIndex = 0; itemIndex < items.length; itemIndex++) {
		const built = await settle(() => buildOrder(this, itemIndex, false));
		if ('value' in built) entries.push({ itemIndex, order: built.value });
		else if (continueOnFail) results.set(itemIndex, errorItem(this, built.error, itemIndex));
		else throw asNodeError(this, built.error, itemIndex);
	}

	const batchSize = readInteger(this, 'batchOptions.batchSize', 0, BATCH_SIZE_FIELD);
	const header = compact({
		BatchId: readText(this, 'batchOptions.BatchId', 0, 'Batch ID'),
		BatchDescription: readText(this, 'batchOptions.BatchDescription', 0, 'Batch Description'),
	});

	const send = async (chunk: Entry[]): Promise<void> => {
		// A 413 is answered by splitting; a single order that is too large fails as the transport reports it.
		const sent = await settle(
			async () =>
				await apiRequest.call(
					this,
					ENDPOINTS.batchSalesOrder,
					{ ...header, SalesOrdersInfo: chunk.map((e) => e.order as IDataObject) },
					{ itemIndex: chunk[0].itemIndex, acceptStatuses: chunk.length > 1 ? [413] : [] },
				),
		);
		if ('error' in sent) {
			if (!continueOnFail) throw asNodeError(this, sent.error, chunk[0].itemIndex);
			for (const entry of chunk) results.set(entry.itemIndex, errorItem(this, sent.error, entry.itemIndex));
			return;
		}
		const response = sent.value;
		if (response.statusCode === 413) {
			const half = Math.ceil(chunk.length / 2);
			await send(chunk.slice(0, half));
			await send(chunk.slice(half));
			return;
		}
		const body = (response.body ?? {}) as IDataObject;
		const statuses = Array.isArray(body[BATCH_STATUSES]) ? (body[BATCH_STATUSES] as IDataObject[]) : [];
		matchStatuses(chunk, statuses).forEach((status, i) =>
			results.set(chunk[i].itemIndex, outputFor(chunk[i], status, body.TransactionReferenceNumber)),
		);
	};

	for (let start = 0; start < entries.length; start += batchSize) {
		await send(entries.slice(start, start + batchSize));
	}
	return items.map((_item, itemIndex) => {
		const result = results.get(itemIndex);
		if (!result) throw new NodeOperationError(this.getNode(), `No result for item ${itemIndex}`, { itemIndex });
		return result;
	});
}
