// A node context for unit tests of the transport and the trigger's reader: n8n's auth helper replaced by an in-memory answer function.
import type { IDataObject, INode, IPollFunctions } from 'n8n-workflow';

export const UNIT_NODE: INode = {
	id: 'n1',
	name: 'Wine Fulfillment',
	type: 'n8n-nodes-wine-fulfillment.wineFulfillment',
	typeVersion: 1,
	position: [0, 0],
	parameters: {},
	credentials: { wineFulfillmentApi: { id: 'c1', name: 'Unit credential' } },
};

export interface FakeAnswer {
	statusCode?: number;
	headers?: Record<string, string | string[] | undefined>;
	/** an object is sent as its JSON text; a string as it is */
	body?: unknown;
}

export interface SentRequest {
	url: string;
	method: string;
	body: IDataObject;
	headers: IDataObject;
	options: IDataObject;
}

/**
 * A context whose every request is answered by `answer` (which may throw, as the HTTP helper does on a
 * connection failure). `sent` lists what the transport handed to n8n's auth layer, in order.
 */
export function fakeContext(
	answer: (request: SentRequest, index: number) => FakeAnswer | Promise<FakeAnswer>,
	credentials: IDataObject = { baseUrl: 'https://fulfillment.example/v3', userKey: 'unit-user-key', password: 'unit-password' },
) {
	const sent: SentRequest[] = [];
	const debug: string[] = [];
	const ctx = {
		getNode: () => UNIT_NODE,
		getTimezone: () => 'UTC',
		getCredentials: async () => credentials,
		logger: { debug: (text: string) => debug.push(text) },
		helpers: {
			httpRequestWithAuthentication: async (_type: string, options: IDataObject) => {
				const request: SentRequest = {
					url: String(options.url),
					method: String(options.method),
					body: options.body as IDataObject,
					headers: options.headers as IDataObject,
					options,
				};
				sent.push(request);
				const a = await answer(request, sent.length - 1);
				const body = a.body === undefined || typeof a.body === 'string' || Buffer.isBuffer(a.body) ? a.body : JSON.stringify(a.body);
				return { statusCode: a.statusCode ?? 200, headers: a.headers ?? { 'content-type': 'application/json' }, body: body ?? '' };
			},
		},
	} as unknown as IPollFunctions;
	return { ctx, sent, debug };
}
