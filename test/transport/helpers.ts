// Shared bits of the transport tests: a probe workflow, the secrets that must never show, and the check that they do not.
import type { IDataObject } from 'n8n-workflow';

import { SANDBOX_CREDENTIALS } from '../sandbox/server';
import { PROBE_TYPE } from '../harness/probe';
import { actionWorkflow, type ActionWorkflowOptions } from '../harness/workflows';

export const PROBE_NODE = 'Wine Fulfillment';

export function probe(probeParams: IDataObject, options: ActionWorkflowOptions = {}) {
	return actionWorkflow({ probe: JSON.stringify(probeParams) }, { ...options, type: PROBE_TYPE });
}

export const SECRETS = [SANDBOX_CREDENTIALS.userKey, SANDBOX_CREDENTIALS.password, SANDBOX_CREDENTIALS.token];

const base64 = (bytes: Buffer) => bytes.toString('base64');
const urlSafe = (text: string) => text.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * The base64 characters that stand for the secret wherever it sits inside a longer base64 text (e.g.
 * base64 of "ServiceAuth <token>" or of a whole request): one run per byte alignment.
 */
function base64Inside(secret: string): string[] {
	const bytes = Buffer.from(secret, 'utf8');
	return [0, 1, 2].map((shift) => {
		const text = base64(Buffer.concat([Buffer.alloc(shift), bytes]));
		return text.slice(Math.ceil((shift * 4) / 3), Math.floor(((shift + bytes.length) * 4) / 3));
	});
}

/**
 * Every form in which a secret can leak, by name: as it is, JSON-escaped (as JSON.stringify escapes,
 * with every non-ASCII character as \uXXXX, with every special character as \uXXXX, escaped twice),
 * URL-encoded (%20, + for a space, lower-case hex), base64 (of it, URL-safe, inside longer base64 text,
 * and for the token, of the Authorization header value); of a long secret, its first and last 16
 * characters too.
 */
export function secretForms(secret: string): Record<string, string> {
	const json = JSON.stringify(secret).slice(1, -1);
	const unicode = (c: string) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join('');
	const forms: Record<string, string> = {
		raw: secret,
		json,
		'json, non-ASCII as \\u': json.replace(/[^\x20-\x7e]/gu, unicode),
		'json, specials as \\u': Array.from(secret)
			.map((c) => (/[A-Za-z0-9]/.test(c) ? c : unicode(c)))
			.join(''),
		'json twice': JSON.stringify(json).slice(1, -1),
		'url %20': encodeURIComponent(secret),
		'url +': new URLSearchParams({ x: secret }).toString().slice(2),
		'url lower-case hex': encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
		base64: base64(Buffer.from(secret, 'utf8')),
		'base64 url-safe': urlSafe(base64(Buffer.from(secret, 'utf8'))),
		'base64 of the Authorization header value': base64(Buffer.from(`ServiceAuth ${secret}`, 'utf8')),
	};
	// echoed in one letter case (an error text upper-cased by the provider's gateway)
	if (secret.toUpperCase() !== secret) forms['upper-case'] = secret.toUpperCase();
	if (secret.toLowerCase() !== secret) forms['lower-case'] = secret.toLowerCase();
	// a long secret cut short (a message clipped to length) still leaks its start or its end
	if (secret.length >= 32) {
		for (const form of ['raw', 'json', 'url %20'] as const) {
			forms[`${form}, start of a long secret`] = forms[form].slice(0, 16);
			forms[`${form}, end of a long secret`] = forms[form].slice(-16);
		}
	}
	base64Inside(secret).forEach((core, shift) => {
		if (core.length >= 8) {
			forms[`base64 inside longer text (shift ${shift})`] = core;
			forms[`base64 url-safe inside longer text (shift ${shift})`] = urlSafe(core);
		}
	});
	return forms;
}

/** Every string in a value (keys too), with where it sits; errors with their own hidden members (message, stack, cause). */
function strings(value: unknown, path = '$', seen = new Set<unknown>(), out: [string, string][] = []): [string, string][] {
	if (typeof value === 'string') {
		out.push([path, value]);
		return out;
	}
	if (value === null || typeof value !== 'object' || seen.has(value)) return out;
	seen.add(value);
	if (Buffer.isBuffer(value)) return out;
	const keys = value instanceof Error ? [...new Set([...Object.getOwnPropertyNames(value), 'cause'])] : Object.keys(value);
	for (const key of keys) {
		out.push([`${path} (key)`, key]);
		strings((value as Record<string, unknown>)[key], `${path}.${key}`, seen, out);
	}
	return out;
}

/**
 * Fails when any form of any secret appears anywhere in the value: in any string or key at any depth,
 * in an error's message, stack or cause, or in the value's JSON text.
 */
export function expectNoSecrets(value: unknown, secrets: readonly string[] = SECRETS): void {
	const found = strings(value);
	const json = JSON.stringify(value, (_key, v: unknown) =>
		v instanceof Error ? { ...v, message: v.message, stack: v.stack, cause: (v as { cause?: unknown }).cause } : v,
	);
	if (json !== undefined) found.push(['JSON text', json]);
	for (const secret of secrets) {
		for (const [form, text] of Object.entries(secretForms(secret))) {
			const at = found.find(([, s]) => s.includes(text));
			if (at) throw new Error(`A secret leaked (${form}) at ${at[0]}: …${at[1].slice(Math.max(0, at[1].indexOf(text) - 60), at[1].indexOf(text) + text.length + 20)}…`);
		}
	}
}
