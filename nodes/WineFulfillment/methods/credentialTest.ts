// credentialTest methods: the Wine Fulfillment API credential's Test button, one Get Status read sent as a node run sends it.
import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	ICredentialTestFunctions,
	IDataObject,
	IHttpRequestOptions,
	ILoadOptionsFunctions,
	INode,
	INodeCredentialTestResult,
} from 'n8n-workflow';
import { NodeApiError, NodeOperationError } from 'n8n-workflow';

import { WineFulfillmentApi } from '../../../credentials/WineFulfillmentApi.credentials';
import { ENDPOINTS } from '../wire/endpoints';
import { STATUS_RECORDS } from '../wire/inventory';
import { pageRecords } from '../transport/pagination';
import { apiRequest, type ApiResponse } from '../transport/request';
import { EDITOR_REQUEST, tryAgainIn } from './editor';

/** The name the nodes' `testedBy` gives for the API credential's test. */
export const API_CREDENTIAL_TEST = 'wineFulfillmentApiTest';

/** The cheapest read of the interface: one inventory record, no count. */
const TEST_READ: IDataObject = { Skip: 0, Top: 1, IncludeTotalRecordCount: false };

export const CREDENTIAL_REFUSED =
	'The credentials were refused: check User Key, Password, Customer No and Access Token, and that the Base URL is the environment they were issued for';
export const NOTHING_AT_BASE_URL = 'Nothing answers at this Base URL: it must be the environment address ending in /v3';
export const NOT_THE_INTERFACE =
	"The Base URL answered, but not with the interface's JSON: check it is the environment's API address ending in /v3";

/** The node named in the transport's errors: the Test runs outside any workflow. */
const TEST_NODE: INode = {
	id: 'credential-test',
	name: 'Wine Fulfillment',
	type: 'wineFulfillment',
	typeVersion: 2,
	position: [0, 0],
	parameters: {},
};

/**
 * What apiRequest reads of its context (the credential, the node for its errors, the logger, n8n's request helper
 * with the credential's authentication), made from what n8n gives a credential test: the credential being tested and
 * its legacy `request` helper, the only one it has (n8n 1.x and 2.x alike). The request is signed by the credential
 * type's own `authenticate`, as n8n's helper signs a node run's. apiRequest reads nothing else of its context (n8n's
 * cancel signal only when there is one): should it read more, add it here (test/node/credentialTest.test.ts fails).
 */
function testContext(ctx: ICredentialTestFunctions, credential: ICredentialsDecrypted): ILoadOptionsFunctions {
	const data: ICredentialDataDecryptedObject = credential.data ?? {};
	// the node needs no credentials entry: apiRequest passes the reference it reads there on to `send`, which signs with `data`
	const send = async (_type: string, request: IHttpRequestOptions): Promise<unknown> => {
		const signed = await new WineFulfillmentApi().authenticate(data, request);
		return await ctx.helpers.request({
			method: signed.method,
			// apiRequest's base URL is the checked one (transport/baseUrl.ts): trimmed, no trailing slash
			uri: `${String(signed.baseURL)}${signed.url}`,
			qs: signed.qs,
			headers: signed.headers,
			body: signed.body,
			// the text as it came (the transport parses it), every status handed back, redirects not followed
			json: false,
			resolveWithFullResponse: true,
			simple: false,
			// Stryker disable next-line BooleanLiteral: the Test sends only Get Status, a POST, and n8n's request helper follows redirects only for GET and HEAD (unless followAllRedirects)
			followRedirect: false,
			// the time to the headers; the transport bounds the whole answer itself. The request's abortSignal is not passed
			// on (the legacy helper takes none): a trickling answer's socket is left to the provider and its idle timer.
			timeout: signed.timeout,
		});
	};
	const context = {
		getCredentials: async () => data,
		getNode: () => TEST_NODE,
		logger: ctx.logger,
		helpers: { httpRequestWithAuthentication: send },
	};
	return context as unknown as ILoadOptionsFunctions;
}

/**
 * The API credential's test (n8n runs it from the credential's Test button and on save): Get Status for one record,
 * through the transport as a node run reads it (the Base URL rule, redirects refused, the JSON read, secrets masked),
 * within the editor's budget. It passes only when the answer is a page of inventory records, as Get Status reads it;
 * anything else is told in a sentence that says what to check. It never throws, and its message holds no secret.
 */
export async function testApiCredential(
	this: ICredentialTestFunctions,
	credential: ICredentialsDecrypted,
): Promise<INodeCredentialTestResult> {
	let response: ApiResponse;
	try {
		response = await apiRequest.call(testContext(this, credential), ENDPOINTS.getStatus, TEST_READ, EDITOR_REQUEST);
	} catch (error) {
		return { status: 'Error', message: failureMessage(error) };
	}
	try {
		// the transport refused an answer that says it failed (a sign-in refused beside no records): a page is the credentials' proof
		pageRecords(response.body, STATUS_RECORDS);
	} catch {
		return { status: 'Error', message: NOT_THE_INTERFACE };
	}
	return { status: 'OK', message: 'Connection successful: the provider accepted the credentials at this Base URL' };
}

/** What the transport's error means for the credential, in one sentence. */
function failureMessage(error: unknown): string {
	// the Base URL rule (nothing was sent), named as the node names it
	if (error instanceof NodeOperationError) return error.message;
	if (!(error instanceof NodeApiError)) return error instanceof Error ? error.message : String(error);
	const status = Number(error.httpCode);
	const response = (error.errorResponse ?? {}) as IDataObject;
	if (!status) {
		const code = response.connectionCode;
		// the only other error of a JSON read without a status: a 2xx whose body is not JSON (a web page)
		if (typeof code !== 'string') return NOT_THE_INTERFACE;
		return `${error.message} (${code}): check the Base URL and that this machine can reach it`;
	}
	if (status === 401) return CREDENTIAL_REFUSED;
	// a 2xx that said it failed (the transport's readRefusal): a sign-in refused, or the provider's failure flag
	const said = typeof response.providerMessage === 'string' && response.providerMessage ? `: ${response.providerMessage.slice(0, 300)}` : '';
	if (response.credentialsRefused === true) return `${CREDENTIAL_REFUSED}. The provider said${said}`;
	if (status < 300) return `The provider answered the interface's test read saying it failed${said}`;
	if (status === 404) return NOTHING_AT_BASE_URL;
	if (status === 403) {
		return 'The provider refused access (403): the account may not have the interface enabled in this environment; ask the provider';
	}
	if (status === 429) {
		return `The credentials were not checked: the provider is rate limiting requests; try again ${tryAgainIn(error)}`;
	}
	if (status >= 500) return `The credentials were not checked: the provider had an internal error (${status}); try again later`;
	// a redirect: where it pointed, and that the Base URL should be the current address
	if (status < 400) return `${error.message}: check the Base URL is the environment's current https address ending in /v3`;
	return `The Base URL answered ${status} to the interface's test read${said}; check it is the environment's API address ending in /v3`;
}

export const credentialTest = {
	[API_CREDENTIAL_TEST]: testApiCredential,
};
