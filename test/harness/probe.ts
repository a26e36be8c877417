// A test-only node that sends one endpoint through the real transport, so transport rules are tested via the engine.
import type { IDataObject, IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { runPerItem } from '../../nodes/WineFulfillment/actions/operation';
import { paginate } from '../../nodes/WineFulfillment/transport/pagination';
import type { DocumentType, WireDocument } from '../../nodes/WineFulfillment/transport/document';
import { requireReference } from '../../nodes/WineFulfillment/transport/reference';
import { apiRequest } from '../../nodes/WineFulfillment/transport/request';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';

export const PROBE_TYPE = 'test.transportProbe';

export class TransportProbe implements INodeType {
	description = {
		displayName: 'Transport Probe',
		name: 'transportProbe',
		group: ['output'],
		version: 1,
		description: 'Sends one endpoint through the transport',
		defaults: { name: 'Probe' },
		inputs: ['main'],
		outputs: ['main'],
		credentials: [{ name: 'wineFulfillmentApi', required: true }],
		properties: [{ displayName: 'Probe', name: 'probe', type: 'json', default: '{}' }],
	} as unknown as INodeTypeDescription;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return [
			await runPerItem.call(this, (itemIndex) => async () => {
				const raw = this.getNodeParameter('probe', itemIndex) as string | IDataObject;
				const p = (typeof raw === 'string' ? JSON.parse(raw) : raw) as IDataObject;
				const endpoint = ENDPOINTS[p.endpoint as keyof typeof ENDPOINTS];
				const body = (p.body ?? {}) as IDataObject;
				if (p.paginate) {
					const records: IDataObject[] = [];
					for await (const r of paginate({
						style: p.paginate as 'skipTop' | 'pageNumber',
						pageSize: Number(p.pageSize ?? 2500),
						recordsKey: String(p.recordsKey),
						limit: p.limit === undefined ? undefined : Number(p.limit),
						fetchPage: async (paging) =>
							(await apiRequest.call(this, endpoint, { ...body, ...paging }, { itemIndex })).body as IDataObject,
					})) {
						records.push(r);
					}
					return records.map((json) => ({ json, pairedItem: { item: itemIndex } }));
				}
				const res = await apiRequest.call(this, endpoint, body, {
					itemIndex,
					acceptStatuses: p.acceptStatuses as number[] | undefined,
					retry: p.retry as IDataObject | undefined,
					document: p.document as DocumentType | undefined,
					timeoutMs: p.timeoutMs as number | undefined,
				});
				if (p.document) {
					const document = res.body as WireDocument;
					return [
						{
							json: { statusCode: res.statusCode, mimeType: document.mimeType, size: document.data.length, meta: document.meta },
							pairedItem: { item: itemIndex },
						},
					];
				}
				const reference = p.requireReference ? { reference: requireReference(this, endpoint, res, itemIndex) } : {};
				return [
					{
						json: { statusCode: res.statusCode, body: res.body as IDataObject, headers: res.headers as IDataObject, ...reference },
						pairedItem: { item: itemIndex },
					},
				];
			}),
		];
	}
}
