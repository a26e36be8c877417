// The credential's Base URL rule: https, or plain http only to a loopback host (a local sandbox).

export type BaseUrlCheck = { ok: true; url: string } | { ok: false; message: string };

/** The base URL without a trailing slash, or the rule it breaks. */
export function checkBaseUrl(raw: unknown): BaseUrlCheck {
	const text = typeof raw === 'string' ? raw.trim().replace(/\/+$/, '') : '';
	let url: URL;
	try {
		url = new URL(text);
	} catch {
		return {
			ok: false,
			message:
				'Base URL must be a full address such as https://<environment host>/v3 (set it in the Wine Fulfillment API credential)',
		};
	}
	if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
		return {
			ok: false,
			message: `Base URL must use https (plain http is allowed only for a loopback host such as 127.0.0.1); got ${url.protocol}//${url.host}`,
		};
	}
	return { ok: true, url: text };
}

export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
	return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
