// Prepares and sends a paginated query for one input item: Return All / Limit, one item per record or per raw page.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';

import type { Endpoint } from '../wire/endpoints';
import type { RecordKey } from '../wire/recordKeys';
import { unexpectedAnswerError } from '../transport/errors';
import { apiRequest } from '../transport/request';
import { KeyAgainError, PagingError, RecordsChangedError, paginatePages, type PagingStyle } from '../transport/pagination';
import { hintOnce, itemsFor } from './common';
import type { Send } from './operation';
import { checkChoice, checkInteger, readBoolean, readInteger } from './parameters';
import { readSettings } from './versions';

export interface QuerySpec {
	endpoint: Endpoint;
	/** the filters; paging members are added per page */
	body: IDataObject;
	style: PagingStyle;
	recordsKey: string;
	maxPageSize: number;
	/** the output item of one record (Simplify); the record as it came when absent. Raw pages are never shaped. */
	shape?: (record: IDataObject) => IDataObject;
	/**
	 * The identity of a record (wire/recordKeys.ts): one that comes again on a later page shows the list moved under the
	 * read, which is then read again. Absent where the records have none (a transaction): only the totals are compared.
	 */
	recordKey?: RecordKey;
	/**
	 * The filters as the query's reads send them, made once when it starts sending (not when its item is prepared, and
	 * not again when a read starts over): a range open or ending later is closed at that moment (Get Transactions).
	 * `notice`: said in the output pane once the records are read.
	 */
	atStart?: (body: IDataObject) => { body: IDataObject; notice?: string };
	/** What else may help when the records keep changing while they are read; a narrower query when absent. */
	whenChanging?: string;
}

/** Return All and Limit, n8n's usual pair. */
export const returnAllProperties: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];

/**
 * Return All, Limit and Query Options (output shape, page size), for an operation's parameter list (wrap in
 * updateDisplayOptions and withOptions: from version 2 on, Query Options' settings are in Options).
 */
export function queryProperties(maxPageSize: number): INodeProperties[] {
	return [
		...returnAllProperties,
		{
			displayName: 'Query Options',
			name: 'queryOptions',
			type: 'collection',
			placeholder: 'Add Option',
			default: {},
			options: [
				{
					displayName: 'Output',
					name: 'output',
					type: 'options',
					default: 'records',
					options: [
						{
							name: 'One Item per Record',
							value: 'records',
							description: 'Each record becomes its own item, ready for reports and syncs',
						},
						{
							name: 'One Item per Page (Raw)',
							value: 'pages',
							description: "Each page comes out exactly as the provider sent it, with its counters",
						},
					],
				},
				{
					displayName: 'Page Size',
					name: 'pageSize',
					type: 'number',
					typeOptions: { minValue: 1, maxValue: maxPageSize },
					default: maxPageSize,
					description: `Records asked for per request (at most ${maxPageSize})`,
				},
			],
		},
	];
}

/** Return All / Limit of one input item: the most records to output, or undefined for all. */
export function readLimit(ctx: IExecuteFunctions, itemIndex: number): number | undefined {
	if (readBoolean(ctx, 'returnAll', itemIndex, 'Return All')) return undefined;
	return readInteger(ctx, 'limit', itemIndex, { field: 'Limit', min: 1, fallback: 50 });
}

/** A query's Return All / Limit and Options read and checked for one input item; what it returns sends the query. */
export function prepareQuery(this: IExecuteFunctions, spec: QuerySpec, itemIndex: number): Send {
	const limit = readLimit(this, itemIndex);
	const options = readSettings(this, 'queryOptions', itemIndex, ['output', 'pageSize']);
	// an expression may give any text: one that is no option is refused (before, any other ran as one item per record)
	const output = checkChoice(this, options.output, itemIndex, 'Output', ['records', 'pages'] as const, 'records');
	const pageSize = checkInteger(this, options.pageSize, itemIndex, {
		field: 'Page Size',
		min: 1,
		max: spec.maxPageSize,
		fallback: spec.maxPageSize,
	});
	return () => sendQuery.call(this, spec, itemIndex, { limit, output, pageSize });
}

/** Reads of one query before it gives up on records that keep changing between its pages. */
export const READS_OF_CHANGING_RECORDS = 3;

/** Why a query stopped without a result, for the user. */
const pagingFailure = (ctx: IExecuteFunctions, message: string, itemIndex: number, hint?: string) =>
	unexpectedAnswerError(ctx.getNode(), message, itemIndex, hint ?? 'Records that change while they are read are read more surely by a narrower query (one warehouse, fewer items, a shorter date range, a smaller area).');

async function sendQuery(
	this: IExecuteFunctions,
	spec: QuerySpec,
	itemIndex: number,
	{ limit, output, pageSize }: { limit: number | undefined; output: 'records' | 'pages'; pageSize: number },
): Promise<INodeExecutionData[]> {
	const { body, notice } = spec.atStart?.(spec.body) ?? { body: spec.body };
	const sent = { ...spec, body };
	// keys that came on two pages of the read before: read again, those that do again are two records of one key
	let twice: ReadonlySet<string> | undefined;
	for (let read = 1; ; read++) {
		// the transport's errors are NodeApiErrors already: they go on as they are
		const failure = await readQuery.call(this, sent, itemIndex, { limit, output, pageSize, twice }).then(
			(out) => ({ out }),
			(error: unknown) => {
				if (!(error instanceof PagingError)) throw error;
				return { error };
			},
		);
		if ('out' in failure) {
			if (notice) hintOnce(this, notice);
			return failure.out;
		}
		// records added, taken away or moved between pages: read again from the first page, a few times
		if (failure.error instanceof RecordsChangedError) {
			if (failure.error instanceof KeyAgainError) twice = new Set([...(twice ?? []), ...failure.error.keys]);
			if (read < READS_OF_CHANGING_RECORDS) continue;
			throw pagingFailure(this, `The records changed while they were read, ${READS_OF_CHANGING_RECORDS} times: ${failure.error.message}`, itemIndex, spec.whenChanging);
		}
		throw pagingFailure(this, failure.error.message, itemIndex);
	}
}

/** One read of a query's pages into output items. */
async function readQuery(
	this: IExecuteFunctions,
	spec: QuerySpec,
	itemIndex: number,
	{ limit, output, pageSize, twice }: { limit: number | undefined; output: 'records' | 'pages'; pageSize: number; twice?: ReadonlySet<string> },
): Promise<INodeExecutionData[]> {
	const pages = paginatePages({
		style: spec.style,
		pageSize,
		recordsKey: spec.recordsKey,
		recordKey: spec.recordKey,
		limit,
		twice,
		fetchPage: async (paging) =>
			(await apiRequest.call(this, spec.endpoint, { ...spec.body, ...paging }, { itemIndex })).body as IDataObject,
	});
	const out: INodeExecutionData[] = [];
	// one pairedItem for every record of this input item (n8n only reads it)
	const pairedItem = { item: itemIndex };
	for await (const page of pages) {
		if (output === 'pages') {
			out.push(...itemsFor([{ ...page.body, [spec.recordsKey]: page.records }], itemIndex));
		} else {
			for (const record of page.records) out.push({ json: spec.shape ? spec.shape(record) : record, pairedItem });
		}
	}
	return out;
}
