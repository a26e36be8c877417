// A failed TLS handshake in words (transport/errors.ts connectionFailure, handshakeFailure, handshakeWords,
// connectionError): every certificate code's words, the message and advice of each kind of failure, an OpenSSL code read
// by its own words when the message names no reason, and a system error whose message happens to hold TLS words.
import { connectionError, connectionFailure } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { UNIT_NODE as node } from './fakeContext';

const read = ENDPOINTS.getStatus;
const create = ENDPOINTS.createSalesOrder;
/** the error a code (and the message it came with) ends a call with, as n8n's helper throws it */
const errorFor = (code: string, message = '') => connectionError(node, read, connectionFailure({ cause: Object.assign(new Error(message), { code }) }), 1);

const UNTRUSTED = 'its certificate is not signed by an authority this machine trusts';
const UNVERIFIED = 'its certificate could not be verified';

describe('a certificate refused in the TLS handshake', () => {
	it.each([
		['DEPTH_ZERO_SELF_SIGNED_CERT', 'its certificate is self-signed'],
		['SELF_SIGNED_CERT_IN_CHAIN', 'its certificate is signed by an authority this machine does not trust (a self-signed root)'],
		['UNABLE_TO_VERIFY_LEAF_SIGNATURE', UNTRUSTED],
		['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', UNTRUSTED],
		['UNABLE_TO_GET_ISSUER_CERT', UNTRUSTED],
		['CERT_UNTRUSTED', UNTRUSTED],
		['INVALID_CA', 'its certificate is signed by an authority that is no valid CA'],
		['CERT_HAS_EXPIRED', 'its certificate has expired'],
		['CERT_NOT_YET_VALID', 'its certificate is not valid yet'],
		['CERT_REVOKED', 'its certificate has been revoked'],
		['ERR_TLS_CERT_ALTNAME_INVALID', 'its certificate is for another host name'],
		['HOSTNAME_MISMATCH', 'its certificate is for another host name'],
		['UNABLE_TO_GET_CRL', UNVERIFIED],
		['UNABLE_TO_DECRYPT_CERT_SIGNATURE', UNVERIFIED],
		['UNABLE_TO_DECRYPT_CRL_SIGNATURE', UNVERIFIED],
		['UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY', UNVERIFIED],
		['CERT_SIGNATURE_FAILURE', UNVERIFIED],
		['CRL_SIGNATURE_FAILURE', UNVERIFIED],
		['CRL_NOT_YET_VALID', UNVERIFIED],
		['CRL_HAS_EXPIRED', UNVERIFIED],
		['ERROR_IN_CERT_NOT_BEFORE_FIELD', UNVERIFIED],
		['ERROR_IN_CERT_NOT_AFTER_FIELD', UNVERIFIED],
		['ERROR_IN_CRL_LAST_UPDATE_FIELD', UNVERIFIED],
		['ERROR_IN_CRL_NEXT_UPDATE_FIELD', UNVERIFIED],
		['CERT_CHAIN_TOO_LONG', UNVERIFIED],
		['PATH_LENGTH_EXCEEDED', UNVERIFIED],
		['INVALID_PURPOSE', 'its certificate is not for a server'],
		['CERT_REJECTED', 'its certificate was rejected'],
	])('%s: the message says "%s"', (code, words) => {
		expect(errorFor(code, 'certificate verification failed').message).toBe(`Could not set up a secure connection to the provider: ${words}`);
	});

	it('the description says nothing was sent, not retried for the same certificate, and how to make n8n trust it', () => {
		expect(errorFor('CERT_HAS_EXPIRED', 'certificate has expired').description).toBe(
			'Nothing was sent: the connection failed in its TLS handshake, before any of the request went out (CERT_HAS_EXPIRED). ' +
				'It was not retried: the next attempt would meet the same certificate. ' +
				"Check the certificate of the server at the credential's Base URL: expired, self-signed, or issued for another host name. " +
				"If a company proxy or firewall inspects https traffic, n8n must trust that proxy's CA certificate: point n8n's " +
				'NODE_EXTRA_CA_CERTS environment variable at the CA certificate file (PEM) and restart n8n. Then run again.',
		);
	});
});

describe('a handshake that failed for the server, not its certificate', () => {
	it('https to a port that speaks http: the address did not answer in https, and the Base URL is to be checked', () => {
		const e = errorFor('ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number');
		expect(e.message).toBe('Could not set up a secure connection to the provider: the address did not answer in https (TLS)');
		expect(e.description).toBe(
			'Nothing was sent: the connection failed in its TLS handshake, before any of the request went out (ERR_SSL_WRONG_VERSION_NUMBER). ' +
				'It was not retried: the next attempt would meet the same server. ' +
				'Check the Base URL in the credential: https to a port that speaks only http (or to the wrong port) fails so. Enter the address the provider gave for the interface, then run again.',
		);
	});

	it('no common TLS version or cipher: the two sides agreed on no secure connection, and the proxy is to be checked too', () => {
		const e = errorFor('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'sslv3 alert handshake failure');
		expect(e.message).toBe('Could not set up a secure connection to the provider: the two sides agreed on no secure connection');
		expect(e.description).toBe(
			'Nothing was sent: the connection failed in its TLS handshake, before any of the request went out (ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE). ' +
				'It was not retried: the next attempt would meet the same server. ' +
				'The server at the Base URL and this machine have no TLS version or cipher in common, or the server refused this connection. ' +
				'Check the Base URL in the credential and any proxy between n8n and the provider, then run again.',
		);
	});
});

describe("an OpenSSL code is read by its own words when the error's message names no reason", () => {
	it.each([
		['ERR_SSL_WRONG_VERSION_NUMBER', 'not https'],
		['ERR_SSL_HTTP_REQUEST', 'not https'],
		['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'agreement'],
		['ERR_SSL_NO_SHARED_CIPHER', 'agreement'],
	])('%s without a message: never sent, a failure of kind "%s"', (code, handshake) => {
		expect(connectionFailure({ cause: { code } })).toEqual({ code, mayHaveReached: false, handshake });
		expect(connectionFailure({ cause: { code, message: 'SSL routines' } })).toEqual({ code, mayHaveReached: false, handshake });
	});

	it('a write whose OpenSSL code alone names the handshake failure says nothing was sent', () => {
		const e = connectionError(node, create, connectionFailure({ code: 'ERR_SSL_WRONG_VERSION_NUMBER' }), 1);
		expect(e.message).toBe('Could not set up a secure connection to the provider: the address did not answer in https (TLS)');
	});
});

describe('a system error is no handshake failure, whatever words its message holds', () => {
	it('a host name not found whose name holds "certificate" is a host name not found', () => {
		const message = 'getaddrinfo ENOTFOUND certificate-api.wine-fulfillment.example';
		expect(connectionFailure({ cause: Object.assign(new Error(message), { code: 'ENOTFOUND' }) })).toEqual({ code: 'ENOTFOUND', mayHaveReached: false });
		expect(errorFor('ENOTFOUND', message).message).toBe('Could not reach the provider: the host name was not found');
	});

	it('a connection reset whose message speaks of an http request may have reached the provider', () => {
		const message = 'read ECONNRESET while the http request was on its way';
		expect(connectionFailure({ cause: Object.assign(new Error(message), { code: 'ECONNRESET' }) })).toEqual({ code: 'ECONNRESET', mayHaveReached: true });
		expect(connectionError(node, create, connectionFailure({ cause: Object.assign(new Error(message), { code: 'ECONNRESET' }) }), 1).message).toBe(
			'The request to the provider was sent, then the connection was reset: the request may have taken effect, check before sending it again',
		);
	});
});
