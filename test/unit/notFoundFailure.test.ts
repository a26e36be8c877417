// The rules behind a 404 that means "none" and a web page answered 200, called directly: which 404 message is the
// provider's own "not found", and what the errors hold besides their words (errorResponse, httpCode).
import { NodeApiError } from 'n8n-workflow';

import { notFoundFailure, providerNotFound, statusError, webPageError } from '../../nodes/WineFulfillment/transport/errors';
import { Secrets } from '../../nodes/WineFulfillment/transport/secrets';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from './fakeContext';

const meaning = { service: 'the tracking interface', none: 'no tracking yet' };
const NO_INTERFACE = 'The Base URL does not lead to the tracking interface (404)';
const CHECK = "Check the Base URL in the Wine Fulfillment API credential: it must be the environment's API address ending in /v3.";
const notNone = (what: string) => `${CHECK} This 404 is not the provider's "not found" (${what}), so it is not read as "no tracking yet".`;

describe('providerNotFound', () => {
	it('a JSON body that holds nothing is no message: {}, [], null, with or without white space inside', () => {
		for (const said of ['', '{}', '{ }', '[]', '[ ]', '[\n\t]', 'null']) expect([said, providerNotFound(said)]).toEqual([said, false]);
	});

	it('a list that holds something, or a message in brackets, is the provider\'s message', () => {
		for (const said of ['[x]', '[No tracking]', 'No tracking found']) expect([said, providerNotFound(said)]).toEqual([said, true]);
	});
});

describe('notFoundFailure', () => {
	it("is an error carrying its message and the 404 in its errorResponse, as every transport error's is", () => {
		const failure = notFoundFailure(node, statusError(node, ENDPOINTS.getStatus, 404, '', new Secrets([])), meaning, 3) as NodeApiError;
		expect(failure).toBeInstanceOf(NodeApiError);
		expect(failure.message).toBe(NO_INTERFACE);
		expect(failure.httpCode).toBe('404');
		expect(failure.errorResponse).toEqual({ message: NO_INTERFACE, httpCode: '404' });
		expect(failure.description).toBe(notNone('its body is empty'));
		expect(failure.context.itemIndex).toBe(3);
	});

	it('a 404 without the provider\'s message (not one of the transport\'s) is read as an empty body, not as "none"', () => {
		const failure = notFoundFailure(node, new NodeApiError(node, { httpCode: '404' }, { message: 'Not found', httpCode: '404' }), meaning) as NodeApiError;
		expect(failure.message).toBe(NO_INTERFACE);
		expect(failure.description).toBe(notNone('its body is empty'));
	});

	it('reads the message trimmed: white space is an empty body, a page after white space is a web page', () => {
		const said = (providerMessage: string) =>
			notFoundFailure(node, new NodeApiError(node, { httpCode: '404', providerMessage }, { message: 'x', httpCode: '404' }), meaning) as NodeApiError;
		expect(said('  \n ').description).toBe(`${notNone('its body is empty')}\n\nThe answer (404):   \n `);
		expect(said('  <html></html>').description).toBe(`${notNone('it is a web page')}\n\nThe answer (404):   <html></html>`);
	});
});

describe('webPageError', () => {
	it("is an error carrying its message in its errorResponse, as every transport error's is", () => {
		const e = webPageError(node, ENDPOINTS.getStatus, 'Portal', 2);
		expect(e.errorResponse).toEqual({ message: "The provider answered with a web page instead of the interface's JSON" });
		expect(e.context.itemIndex).toBe(2);
	});
});
