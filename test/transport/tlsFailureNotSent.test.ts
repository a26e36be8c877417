// Bug hunt 39: a failure in the TLS handshake (a certificate not trusted, expired or for another host name; https spoken to
// a port that speaks http) happens before any byte of the request leaves n8n. transport/errors.ts connectionFailure reads
// Node's certificate codes (DEPTH_ZERO_SELF_SIGNED_CERT, CERT_HAS_EXPIRED, ERR_TLS_CERT_ALTNAME_INVALID, …) and OpenSSL's
// handshake reasons (an EPROTO or ERR_SSL_… saying "wrong version number", "handshake failure", …) wherever n8n's helper
// and axios put them, and calls the request never sent: a Sales Order → Create's claim is released, so the next run
// sends the order once the certificate is fixed. It is not retried (the next attempt meets the same certificate), and the
// error says nothing was sent, what was wrong, and what to do (the Base URL's certificate; NODE_EXTRA_CA_CERTS for a
// company proxy). A TLS failure whose reason may come after the request went out (a bad record MAC) stays "may have
// reached the provider".
import { request as httpRequest } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import * as tls from 'node:tls';

import { connectionError, connectionFailure, mayHaveTakenEffect } from '../../nodes/WineFulfillment/transport/errors';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';

import { countsOf, createWorkflow, orders, out, useStore } from '../exactlyOnce/helpers';
import { runWorkflow, sandboxCredential } from '../harness/harness';
import { useSandbox } from '../harness/sandbox';
import { ACTION_NODE, CREDENTIAL_ID, actionWorkflow } from '../harness/workflows';
import { UNIT_NODE } from '../unit/fakeContext';

const fx = useSandbox();
useStore();

/** A self-signed certificate for 127.0.0.1 (test only), valid until 2126. */
const CERT = `-----BEGIN CERTIFICATE-----
MIIBjzCCATagAwIBAgIUCq6FmEDq1ukHeDc9MtJTnBtpQ2UwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTEyOTIwMjAyMVoYDzIxMjYxMTA1
MjAyMDIxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAASPIne5rjv9AJOQmhM6lfZNSJoX+XgMF5iz0XiPUWtkxgOV5fmrvnTn
Lq/K67YPYc/bsb5vW6pW32+QBsANl/aSo2QwYjAdBgNVHQ4EFgQUx8b8nZK84NlM
lMNq/FZa/l0yiUMwHwYDVR0jBBgwFoAUx8b8nZK84NlMlMNq/FZa/l0yiUMwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0cAMEQC
IGBYjM21dBOHYcVaG06OL/N8bxT4kQT3TjWhKRUftlj3AiAI7L+ZVWM+It9ZRjT4
zp/8Y5ep0BFivpmQ3cEuspX1+g==
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQggSpMJQ3hr8U/zVcw
G0z8IHEaYCDdJm2bPWQQrDwSF8ehRANCAASPIne5rjv9AJOQmhM6lfZNSJoX+XgM
F5iz0XiPUWtkxgOV5fmrvnTnLq/K67YPYc/bsb5vW6pW32+QBsANl/aS
-----END PRIVATE KEY-----
`;

const defaultCAs = tls.getCACertificates('default');
let server: Server | undefined;
/** TCP connections the https front accepted: one a request attempt */
let connections = 0;
afterEach(async () => {
	tls.setDefaultCACertificates(defaultCAs);
	await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
	server = undefined;
});

/** An https front of the sandbox (as the provider behind a TLS-inspecting proxy): its Base URL. */
async function httpsFront(): Promise<string> {
	const target = new URL(fx.sandbox.baseUrl);
	server = createServer({ key: KEY, cert: CERT }, (req, res) => {
		const upstream = httpRequest({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
			res.writeHead(answer.statusCode ?? 502, answer.headers);
			answer.pipe(res);
		});
		req.pipe(upstream);
	});
	connections = 0;
	server.on('connection', () => connections++);
	await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', () => resolve()));
	return `https://127.0.0.1:${(server.address() as AddressInfo).port}/v3`;
}

const errorOf = (json: Record<string, unknown>) =>
	`${String(json.error)} ${String((json.details as { description?: string } | undefined)?.description ?? '')}`;

describe('a write refused in the TLS handshake never reached the provider', () => {
	it('certificate not trusted: the error says nothing was sent; once it is trusted, the next run sends the order', async () => {
		const credentials = { [CREDENTIAL_ID]: sandboxCredential(await httpsFront()) };
		const input = orders('TLS', 1);

		const first = await runWorkflow(createWorkflow(input, {}, { continueOnFail: true }), credentials);
		// nothing reached the provider
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
		const said = errorOf(out(first)[0].json);
		expect(said).not.toMatch(/was sent, then|may have processed/);
		expect(said).toMatch(/certificate/i);
		expect(said).toMatch(/Nothing was sent/);
		expect(said).toMatch(/NODE_EXTRA_CA_CERTS/);
		// not retried: the next attempt would meet the same certificate
		expect(connections).toBe(1);

		// the certificate is fixed (the proxy's CA installed): the same order, the same credential
		tls.setDefaultCACertificates([...defaultCAs, CERT]);
		const second = await runWorkflow(createWorkflow(input, {}, { continueOnFail: true }), credentials);
		expect(out(second)[0].json.error).toBeUndefined();
		expect(countsOf(fx, ['TLS-001'])).toEqual([1]);
	});

	it('https to a port that speaks plain http (EPROTO): the error says nothing was sent; the corrected Base URL sends the order', async () => {
		const input = orders('PROTO', 1);
		const wrong = { [CREDENTIAL_ID]: sandboxCredential(fx.sandbox.baseUrl.replace(/^http:/, 'https:')) };
		const first = await runWorkflow(createWorkflow(input, {}, { continueOnFail: true }), wrong);
		expect(await fx.control.requests('CreateSalesOrder')).toHaveLength(0);
		expect(errorOf(out(first)[0].json)).not.toMatch(/was sent, then|may have processed/);
		expect(errorOf(out(first)[0].json)).toMatch(/Nothing was sent.*\(EPROTO\)/);

		const second = await runWorkflow(createWorkflow(input, {}, { continueOnFail: true }), fx.credential());
		expect(out(second)[0].json.error).toBeUndefined();
		expect(countsOf(fx, ['PROTO-001'])).toEqual([1]);
	});

	it('Inventory → Get Status over a certificate not trusted: one attempt, not retried, the error names the certificate', async () => {
		const credentials = { [CREDENTIAL_ID]: sandboxCredential(await httpsFront()) };
		const result = await runWorkflow(actionWorkflow({ resource: 'inventory', operation: 'getStatus', returnAll: true }, { typeVersion: 2 }), credentials);
		expect(result.error?.message).toBe('Could not set up a secure connection to the provider: its certificate is self-signed');
		expect(result.error?.description).toMatch(/^Nothing was sent: .*\(DEPTH_ZERO_SELF_SIGNED_CERT\)\. It was not retried/);
		expect(connections).toBe(1);
		expect(result.output(ACTION_NODE)).toHaveLength(0);
	});
});

describe('connectionFailure: a TLS handshake failure, wherever the code sits', () => {
	/** as n8n's helper throws it: its NodeApiError, axios's error (the code), Node's error (the code again) */
	const wrapped = (code: string, message: string) => ({ cause: Object.assign(new Error(message), { code, cause: Object.assign(new Error(message), { code }) }) });

	it.each([
		['DEPTH_ZERO_SELF_SIGNED_CERT', 'self-signed certificate', 'certificate'],
		['SELF_SIGNED_CERT_IN_CHAIN', 'self-signed certificate in certificate chain', 'certificate'],
		['CERT_HAS_EXPIRED', 'certificate has expired', 'certificate'],
		['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'unable to verify the first certificate', 'certificate'],
		['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'unable to get local issuer certificate', 'certificate'],
		['ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames", 'certificate'],
		['EPROTO', 'write EPROTO 40FD:error:0A00010B:SSL routines:tls_validate_record_header:wrong version number:tlsany_meth.c:77:', 'not https'],
		['ERR_SSL_WRONG_VERSION_NUMBER', 'wrong version number', 'not https'],
		['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'sslv3 alert handshake failure', 'agreement'],
		['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'tlsv1 alert protocol version', 'agreement'],
	])('%s ("%s"): never sent, a failure of kind "%s"', (code, message, handshake) => {
		expect(connectionFailure(wrapped(code, message))).toEqual({ code, mayHaveReached: false, handshake });
	});

	it('a TLS failure that may come after the request went out still may have reached the provider', () => {
		expect(connectionFailure(wrapped('EPROTO', 'write EPROTO error:0A000119:SSL routines:ssl3_get_record:decryption failed or bad record mac'))).toEqual({
			code: 'EPROTO',
			mayHaveReached: true,
		});
		expect(connectionFailure(wrapped('ERR_SSL_BAD_RECORD_MAC', 'bad record mac'))).toEqual({ code: 'ERR_SSL_BAD_RECORD_MAC', mayHaveReached: true });
	});

	it("a create's handshake failure took no effect, and its error says nothing was sent", () => {
		const error = connectionError(UNIT_NODE, ENDPOINTS.createSalesOrder, connectionFailure(wrapped('CERT_HAS_EXPIRED', 'certificate has expired')), 1);
		expect(error.message).toBe('Could not set up a secure connection to the provider: its certificate has expired');
		expect(error.description).toMatch(/^Nothing was sent/);
		expect(mayHaveTakenEffect(error)).toBe(false);
	});
});
