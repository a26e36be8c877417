// The floor: raw undici with one keep-alive Agent, sending the same bodies and credentials the node sends.
import { Agent, request } from 'undici';

import { SANDBOX_CREDENTIALS } from '../../test/sandbox/server';

const AUTH = {
	UserKey: SANDBOX_CREDENTIALS.userKey,
	Password: SANDBOX_CREDENTIALS.password,
	CustomerNo: SANDBOX_CREDENTIALS.customerNo,
};

export const GET_STATUS = '/api/Inventory/GetStatus';

/** The Get Status filters the node sends for Return All with Include Unavailable Items on. */
export const STATUS_FILTERS = { IncludeUnavailableItems: true, IncludeTotalRecordCount: true };

interface StatusPage {
	TotalRecordCount?: number;
	MoreRecords?: boolean;
	WarehouseInventoryStatuses: Record<string, unknown>[];
}

export class FloorClient {
	private readonly agent = new Agent({ keepAliveTimeout: 30_000, connections: 8 });

	constructor(private readonly baseUrl: string) {}

	/** One POST with the credentials in the body's Authentication member and the token header; parsed JSON. */
	async post<T>(path: string, body: Record<string, unknown>): Promise<T> {
		const res = await request(`${this.baseUrl}${path}`, {
			method: 'POST',
			dispatcher: this.agent,
			headers: {
				accept: 'application/json',
				'content-type': 'application/json',
				authorization: `ServiceAuth ${SANDBOX_CREDENTIALS.token}`,
			},
			body: JSON.stringify({ ...body, Authentication: AUTH }),
		});
		const json = (await res.body.json()) as T;
		if (res.statusCode !== 200) throw new Error(`floor: ${path} answered ${res.statusCode}`);
		return json;
	}

	private statusPage(skip: number, top: number): Promise<StatusPage> {
		return this.post<StatusPage>(GET_STATUS, { ...STATUS_FILTERS, Skip: skip, Top: top });
	}

	/** Skip/Top paging, one page at a time until MoreRecords is false, collecting the records. */
	async allStatuses(pageSize: number): Promise<Record<string, unknown>[]> {
		const records: Record<string, unknown>[] = [];
		for (let more = true; more; ) {
			const page = await this.statusPage(records.length, pageSize);
			for (const record of page.WarehouseInventoryStatuses) records.push(record);
			more = page.MoreRecords === true && page.WarehouseInventoryStatuses.length > 0;
		}
		return records;
	}

	/** The same with two pages in flight once the first page has told the total (as our node pages). */
	async allStatusesTwoInFlight(pageSize: number): Promise<Record<string, unknown>[]> {
		const first = await this.statusPage(0, pageSize);
		const records = [...first.WarehouseInventoryStatuses];
		let skip = pageSize;
		const inFlight: Array<Promise<StatusPage>> = [];
		const next = () => {
			if (skip < (first.TotalRecordCount ?? 0)) inFlight.push(this.statusPage(skip, pageSize));
			skip += pageSize;
		};
		next();
		next();
		while (inFlight.length > 0) {
			const page = await (inFlight.shift() as Promise<StatusPage>);
			next();
			for (const record of page.WarehouseInventoryStatuses) records.push(record);
		}
		return records;
	}

	close(): Promise<void> {
		return this.agent.close();
	}
}
