// What every <operation>.operation.ts exports, and how the router runs it over the input items.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeProperties } from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';
import pLimit from 'p-limit';

export interface OperationModule {
	description: INodeProperties[];
	/** one input item; the router runs items concurrently (bounded) and keeps input order */
	execute?: (this: IExecuteFunctions, itemIndex: number) => Promise<INodeExecutionData[]>;
	/** all input items at once, for operations that group items into one request */
	executeBatch?: (this: IExecuteFunctions, items: INodeExecutionData[]) => Promise<INodeExecutionData[]>;
}

/** Default for Request Options → Concurrency: chosen by measurement against the sandbox (see README). */
export const DEFAULT_CONCURRENCY = 5;

export const requestOptionsProperty: INodeProperties = {
	displayName: 'Request Options',
	name: 'requestOptions',
	type: 'collection',
	placeholder: 'Add option',
	default: {},
	options: [
		{
			displayName: 'Concurrency',
			name: 'concurrency',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 50 },
			default: DEFAULT_CONCURRENCY,
			description:
				'How many input items are sent to the provider at the same time. Output keeps the input order.',
		},
	],
};

/** The n8n error for a failure: ours already are one; anything else is wrapped. */
export function asNodeError(
	ctx: IExecuteFunctions,
	error: unknown,
	itemIndex: number,
): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) return error;
	return new NodeOperationError(ctx.getNode(), error as Error, { itemIndex });
}

/**
 * The item Continue On Fail puts out for a failed input item. Its JSON holds only `error` and
 * `details`, the members by which n8n sends an item to the node's error output when the node is set
 * to "Continue (using error output)"; with "Continue" it stays on the regular output as it is.
 */
export function errorItem(ctx: IExecuteFunctions, error: unknown, itemIndex: number): INodeExecutionData {
	const e = asNodeError(ctx, error, itemIndex);
	const details: IDataObject = {};
	if (e.description) details.description = e.description;
	if ('httpCode' in e && e.httpCode) details.httpCode = e.httpCode;
	return {
		json: { error: e.message, ...(Object.keys(details).length ? { details } : {}) },
		pairedItem: { item: itemIndex },
	};
}

/**
 * Runs a per-item operation over every input item with bounded concurrency. With Continue On Fail
 * a failed item becomes an error item and the rest go on; otherwise nothing new is started after
 * the first failure, what is in flight finishes, and the earliest failure is thrown.
 */
export async function runPerItem(
	this: IExecuteFunctions,
	execute: NonNullable<OperationModule['execute']>,
): Promise<INodeExecutionData[]> {
	const items = this.getInputData();
	const options = this.getNodeParameter('requestOptions', 0, {}) as { concurrency?: number };
	const limit = pLimit(Math.max(1, Math.floor(options.concurrency ?? DEFAULT_CONCURRENCY)));
	const continueOnFail = this.continueOnFail();
	let stopped = false;

	type Outcome = { output: INodeExecutionData[] } | { error: unknown; itemIndex: number } | { skipped: true };
	const results: Outcome[] = await Promise.all(
		items.map(async (_item, itemIndex) =>
			await limit(async () => {
				if (stopped) return { skipped: true as const } as Outcome;
				try {
					return { output: await execute.call(this, itemIndex) };
				} catch (error) {
					if (continueOnFail) return { output: [errorItem(this, error, itemIndex)] };
					stopped = true;
					limit.clearQueue();
					return { error, itemIndex };
				}
			}),
		),
	);

	const failed = results.find((r): r is { error: unknown; itemIndex: number } => 'error' in r);
	if (failed) {
		const done = results.filter((r) => 'output' in r).length;
		const error = failed.error;
		if (error instanceof NodeOperationError || (error as { context?: object }).context) {
			const e = error as NodeOperationError;
			e.context.itemIndex ??= failed.itemIndex;
			if (done > 0 && items.length > 1) {
				e.description = `${e.description ?? ''} (Item ${failed.itemIndex + 1} failed; ${done} other item(s) of this run had already completed. Turn on Continue On Fail to get every item's result.)`.trim();
			}
			throw e;
		}
		throw new NodeOperationError(this.getNode(), error as Error, { itemIndex: failed.itemIndex });
	}
	return results.flatMap((r) => ('output' in r ? r.output : []));
}
