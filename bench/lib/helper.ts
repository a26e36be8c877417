// A reference client: the request our transport builds, authenticated by our credential type and sent through
// n8n's outbound HTTP client (axios, new agents per request) as httpRequestWithAuthentication does; no engine, no node.
import { OutboundHttp } from '@n8n/backend-network';
import { Container } from '@n8n/di';
import type { ICredentialDataDecryptedObject, IDataObject, IHttpRequestOptions } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../credentials/WineFulfillmentApi.credentials';
import { sandboxCredential } from '../../test/harness/harness';
import { GET_STATUS, STATUS_FILTERS } from './floor';

export class HelperClient {
	private readonly credential = new WineFulfillmentApi();
	private readonly data: ICredentialDataDecryptedObject;
	private readonly http = Container.get(OutboundHttp).requests();

	constructor(private readonly baseUrl: string) {
		this.data = sandboxCredential(baseUrl);
	}

	async post<T>(path: string, body: IDataObject): Promise<T> {
		const options: IHttpRequestOptions = {
			method: 'POST',
			baseURL: this.baseUrl,
			url: path,
			body: { ...body },
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
			encoding: 'text',
			returnFullResponse: true,
			ignoreHttpStatusErrors: true,
			timeout: 120_000,
		};
		const response = (await this.http.request(await this.credential.authenticate(this.data, options))) as { body: string };
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
