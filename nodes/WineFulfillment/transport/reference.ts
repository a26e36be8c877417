// The transaction reference a create answers with: without it the outcome of the create is unknown.
import type { INode, JsonObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import type { Endpoint } from '../wire/endpoints';
import { inSpelling } from '../wire/spellings';
import { providerMessage } from './errors';
import type { ApiResponse, TransportContext } from './request';

/**
 * A reference is one word of printable characters (a GUID in the interface's examples); nothing blank, spaced or absurdly
 * long, and no JSON's quotes or braces (an answer encoded twice is read once more, below; what is left with them is no
 * reference, and the outcome unknown).
 */
const REFERENCE = /^[\x21\x23-\x7a\x7c\x7e\u00a1-\uffff]{1,100}$/;

/**
 * What every reference holds, as a GUID or an identity number does: a digit, and a letter or digit other than 0. A word
 * without a digit ("Error", "null", "NotCreated", "BadRequest": a .NET failure's name as a create's whole answer) and the
 * empty GUID (00000000-0000-0000-0000-000000000000, what a .NET create answers when it made nothing) name no record: a
 * create answered so has an unknown outcome (bug hunt 33), never a success that marks the order sent.
 */
const NAMES_A_RECORD = (reference: string) => /\d/.test(reference) && /[1-9a-z]/i.test(reference);

/**
 * An answer encoded as JSON twice (an ASP.NET action returning JsonConvert.SerializeObject(...)): its text is a JSON
 * string or object once more. Read once more; anything else as it is.
 */
function decodedOnce(text: string): unknown {
	const trimmed = text.trim();
	// only a JSON string or object is decoded: "100234" is the provider's text, not a number
	// Stryker disable next-line Regex: text with a quote or brace later than its start is no JSON, and JSON.parse refuses it below: the same
	if (!/^["{]/.test(trimmed)) return text;
	try {
		return JSON.parse(trimmed) as unknown;
	} catch {
		return text;
	}
}

/**
 * A one-record write's result as it is: one wrapped in a list of one ([{"TransactionReferenceNumber": …}], ["<GUID>"]: a
 * .NET action returning a list, a gateway wrapping every answer) is that result, as the transport reads such a list
 * when it looks for a failure flag (bug hunts 43, 44: the transport hands the list on, and its reference was missed).
 * Any other value as it is.
 */
export function oneResult(answer: unknown): unknown {
	return Array.isArray(answer) && answer.length === 1 ? (answer[0] as unknown) : answer;
}

/**
 * The transaction reference identifier of a create's answer: the 201 body is the identifier as a
 * JSON string (the interface, "Errors"); an object carrying it as TransactionReferenceNumber (in any letter case) is
 * read too, and either one as the one result of a list (oneResult). An answer that is a whole number (an identity
 * column's, answered as the text 100234, which reads as JSON) is its digits, when exact: one past 2^53 may have been
 * read as another, so it is none. Undefined when the answer holds none.
 */
export function transactionReferenceOf(body: unknown): string | undefined {
	const answer = oneResult(typeof body === 'string' ? decodedOnce(body) : body);
	const value =
		answer && typeof answer === 'object' && !Array.isArray(answer)
			? inSpelling(answer as Record<string, unknown>, ['TransactionReferenceNumber']).TransactionReferenceNumber
			: answer;
	if (typeof value !== 'string') return typeof answer === 'number' && Number.isSafeInteger(answer) && answer > 0 ? String(answer) : undefined;
	const reference = value.trim();
	return REFERENCE.test(reference) && NAMES_A_RECORD(reference) ? reference : undefined;
}

/**
 * A text answer of a write other than a create (a create's text is its reference: requireReference) as output
 * members: the transaction reference when the text reads as one (a single word with a digit in it, as the interface's
 * GUIDs: NAMES_A_RECORD); any other text ("OK", "Cancelled") as ProviderAnswer. Nothing for blank text. A number is
 * the text 100234 as the transport reads it (bare text and JSON alike): a whole number is the reference, as its digits,
 * as a create reads it (bug hunt 44: a cancel's identity-number reference was dropped); any other number is
 * ProviderAnswer, as its text.
 */
export function textAnswer(text: string | number): { TransactionReferenceNumber?: string; ProviderAnswer?: string } {
	if (typeof text === 'number') {
		const reference = transactionReferenceOf(text);
		return reference !== undefined ? { TransactionReferenceNumber: reference } : { ProviderAnswer: String(text) };
	}
	const answer = text.trim();
	if (!answer) return {};
	const reference = transactionReferenceOf(answer);
	return reference !== undefined ? { TransactionReferenceNumber: reference } : { ProviderAnswer: answer };
}

/** "sales order" from /api/SalesOrder/CreateSalesOrder, "SKU" from /api/SKU/CreateSKU. */
function createdThing(endpoint: Endpoint): string {
	const name = /\/Create(\w+)$/i.exec(endpoint.path)?.[1] ?? 'record';
	return name === name.toUpperCase() ? name : name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function describeBody(body: unknown): string {
	if (body === undefined || body === null || body === '') return 'an empty answer';
	if (typeof body === 'string') return `"${body.slice(0, 120)}"`;
	if (Array.isArray(body)) return `a JSON array of ${body.length} element(s)`;
	if (typeof body === 'object') {
		const members = Object.keys(body);
		const said = providerMessage(body);
		return `a JSON object with ${members.length ? `members ${members.slice(0, 12).join(', ')}` : 'no members'}${
			said && said !== JSON.stringify(body).slice(0, 2000) ? ` (the provider said: ${said.slice(0, 300)})` : ''
		}`;
	}
	return String(body);
}

/**
 * The reference of a create's success answer, or an error saying that the outcome is unknown: the
 * provider answered success but named no transaction reference, so the order (or SKU) may or may not
 * exist. The create is not resent; the user has to check before sending it again. Call it right
 * after `apiRequest` for a create endpoint:
 * `const reference = requireReference(this, ENDPOINTS.createSalesOrder, response, itemIndex);`
 * (the answer reaching here has already been scrubbed of credentials by the transport).
 */
export function requireReference(
	ctx: Pick<TransportContext, 'getNode'>,
	endpoint: Endpoint,
	response: ApiResponse,
	itemIndex?: number,
): string {
	const reference = transactionReferenceOf(response.body);
	if (reference !== undefined) return reference;
	const thing = createdThing(endpoint);
	const message = `The provider answered ${response.statusCode} without a transaction reference, so the outcome of this ${thing} create is unknown`;
	const description =
		`The ${thing} may have been created. Check with the provider (by your own reference, e.g. the order number) before sending it again: ` +
		`sending it again could create a duplicate. The request was not resent. The answer was ${describeBody(response.body)}.`;
	return fail(ctx.getNode(), message, description, response.statusCode, itemIndex);
}

function fail(node: INode, message: string, description: string, status: number, itemIndex?: number): never {
	throw new NodeApiError(node, { message, outcome: 'unknown' } as JsonObject, {
		message,
		description,
		httpCode: String(status),
		itemIndex,
	});
}
