// Reference clients: the request our transport builds, authenticated by our credential type, sent either through
// n8n's outbound HTTP client (axios, new agents per request) as httpRequestWithAuthentication does, or through
// Node's global fetch (keep-alive), the one client a node could use without n8n's helper; no engine, no node.
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { wireRequest } from '../../nodes/WineFulfillment/transport/request';
import { sandboxCredential } from '../../test/harness/harness';
import { GET_STATUS, STATUS_FILTERS } from './floor';

/** How a reference client sends: n8n's outbound HTTP client, or the global fetch. */
export type Sender = 'n8n' | 'fetch';

async function viaFetch(options: IHttpRequestOptions): Promise<{ body: string }> {
	const response = await fetch(new URL(options.url, options.baseURL), {
		method: options.method,
		headers: options.headers as Record<string, string>,
		body: JSON.stringify(options.body),
	});
	return { body: await response.text() };
}

export class HelperClient {
	private readonly credential = new WineFulfillmentApi();
	private readonly data: ICredentialDataDecryptedObject;
	private readonly send: (options: IHttpRequestOptions) => Promise<unknown>;

	constructor(
		private readonly baseUrl: string,
		sender: Sender = 'n8n',
	) {
		this.data = sandboxCredential(baseUrl);
		this.send = sender === 'n8n' ? Container.get(OutboundHttp).requests().request : viaFetch;
	}

	async post<T>(path: string, body: IDataObject): Promise<T> {
		const options = wireRequest(this.baseUrl, { method: 'POST', path }, { ...body });
		const response = (await this.send(await this.credential.authenticate(this.data, options))) as { body: string };
		return JSON.parse(response.body) as T;
	}

	/** Skip/Top paging until MoreRecords is false, collecting the records (as FloorClient does). */
	async allStatuses(pageSize: number): Promise<IDataObject[]> {
		const records: IDataObject[] = [];
		for (let more = true; more; ) {
			const page = await this.post<{ MoreRecords?: boolean; WarehouseInventoryStatuses: IDataObject[] }>(GET_STATUS, {
				...STATUS_FILTERS,
				Skip: records.length,
				Top: pageSize,
			});
			for (const record of page.WarehouseInventoryStatuses) records.push(record);
			more = page.MoreRecords === true && page.WarehouseInventoryStatuses.length > 0;
		}
		return records;
	}
}
