// The credential's Base URL rule, the one both the credential and the transport apply: https (or http to a
// loopback host), ending in the interface's /v3 path prefix, with no query, fragment or user:password@.

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** The rule in one sentence, for the credential's field description and for every refusal. */
export const BASE_URL_RULE =
	'the environment address ending in /v3, e.g. https://<environment host>/v3: https (plain http only for a loopback host such as 127.0.0.1), with no query (?…), fragment (#…) or user:password@ in it';

const refuse = (why: string): BaseUrlCheck => ({
	ok: false,
	message: `Base URL ${why}. It must be ${BASE_URL_RULE} (set it in the Wine Fulfillment API credential)`,
});

/**
 * The last address that passed, as given and as checked: the credential checks the same Base URL on every
 * request. Only one that passed is kept (a refused one may hold a user:password@).
 */
let lastPassed: { raw: string; check: BaseUrlCheck } | undefined;

/** The base URL without a trailing slash, or the rule it breaks. The refusal never repeats the address's user or password. */
export function checkBaseUrl(raw: unknown): BaseUrlCheck {
	if (typeof raw === 'string' && lastPassed?.raw === raw) return { ...lastPassed.check };
	const result = check(raw);
	if (result.ok && typeof raw === 'string') lastPassed = { raw, check: { ...result } };
	return result;
}

function check(raw: unknown): BaseUrlCheck {
	// Stryker disable next-line StringLiteral: any text that is no URL is refused alike
	const text = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return refuse('is not a full address');
	}
	if (url.username || url.password || /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*@/i.test(text)) {
		return refuse('must not contain a user name or password (user:password@); enter them in the credential\'s own fields');
	}
	const where = `${url.protocol}//${url.host}`;
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
		return refuse(`must use https; got ${where}`);
	}
	if (text.includes('?')) return refuse('must not have a query (?…)');
	if (text.includes('#')) return refuse('must not have a fragment (#…)');
	if (!/\/v3$/.test(url.pathname)) {
		return refuse(`must end in /v3, the interface's path prefix; got the path "${url.pathname}" on ${where}`);
	}
	return { ok: true, url: text };
}

export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
