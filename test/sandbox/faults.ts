// Fault injection for the sandbox: latency, statuses (429 with Retry-After, 500, redirects), resets, malformed JSON,
// rewritten answers, echoes of the request (credentials in every form a provider might send them back), a rate limit.
import { prng } from './state';

/**
 * How a fault echoes the request it answers, as a careless provider might: `raw` the credential values
 * as plain text; `json` the request body as received (JSON text, so escaped); `form` its members
 * URL-encoded as a form (`+` for a space); `uri` URL-encoded with encodeURIComponent (`%20`); `header`
 * the Authorization header and base64 of it and of `UserKey:Password`; `object` the parsed request
 * itself (Authentication object included) as a member of the answer.
 */
export type EchoForm = 'raw' | 'json' | 'form' | 'uri' | 'header' | 'object';

export interface FaultRuleInput {
	/** rewrite: the request is processed, then its answer is changed (set, drop, echo 'object' merges the request in) */
	kind: 'status' | 'reset' | 'malformed' | 'latency' | 'rewrite';
	/** only requests whose path contains this text (case-insensitive); all when absent */
	path?: string;
	/** before: the request is not processed; after: it is processed, then the fault replaces the answer */
	when?: 'before' | 'after';
	status?: number;
	retryAfter?: string;
	body?: unknown;
	/** extra response headers (status and rewrite faults), e.g. a Location for a redirect, another Date */
	headers?: Record<string, string>;
	/** put the request into the answer, in this form (status, malformed and rewrite faults) */
	echo?: EchoForm;
	/** send the (echoing) status answer as text/plain instead of JSON */
	as?: 'json' | 'text';
	/** rewrite: members set on the answer object */
	set?: Record<string, unknown>;
	/** rewrite: members removed from the answer object */
	drop?: string[];
	/** rewrite: every member name of the answer (a list's too), at every depth, as .NET's camelCase naming policy writes it */
	naming?: 'camelCase';
	/** latency in ms (kind latency) */
	ms?: number;
	/** apply to every Nth matching request (1 = each) */
	every?: number;
	/** apply with this probability, from a seeded generator */
	probability?: number;
	/** apply at most this many times */
	count?: number;
	/** skip this many matching requests before the rule starts */
	after?: number;
}

export interface FaultRule extends FaultRuleInput {
	id: number;
	seen: number;
	applied: number;
}

export class Faults {
	private rules: FaultRule[] = [];
	private nextId = 1;
	private random = prng(7);
	/** added to every API request */
	latencyMs = 0;
	private rate?: { perSecond: number; retryAfterSeconds?: number; tokens: number; last: number };

	add(input: FaultRuleInput): FaultRule {
		// a rewrite needs the processed answer: it always applies after the handler
		const when = input.kind === 'rewrite' ? 'after' : input.when;
		const rule: FaultRule = { ...input, ...(when ? { when } : {}), id: this.nextId++, seen: 0, applied: 0 };
		this.rules.push(rule);
		return rule;
	}

	clear(): void {
		this.rules = [];
		this.rate = undefined;
		this.latencyMs = 0;
		this.random = prng(7);
	}

	list(): FaultRule[] {
		return this.rules;
	}

	setRateLimit(perSecond: number, retryAfterSeconds?: number): void {
		this.rate =
			perSecond > 0 ? { perSecond, retryAfterSeconds, tokens: perSecond, last: Date.now() } : undefined;
	}

	/** Token bucket over real time. Returns the Retry-After seconds when the request is over the limit. */
	rateLimited(): string | undefined {
		const r = this.rate;
		if (!r) return undefined;
		const now = Date.now();
		r.tokens = Math.min(r.perSecond, r.tokens + ((now - r.last) / 1000) * r.perSecond);
		r.last = now;
		if (r.tokens >= 1) {
			r.tokens -= 1;
			return undefined;
		}
		const wait = r.retryAfterSeconds ?? Math.max(1, Math.ceil((1 - r.tokens) / r.perSecond));
		return String(wait);
	}

	/** The rules that fire for this request at this stage; counters advance as the rules are consulted. */
	match(path: string, stage: 'before' | 'after'): FaultRule[] {
		const fired: FaultRule[] = [];
		for (const rule of this.rules) {
			if ((rule.when ?? 'before') !== stage) continue;
			if (rule.path && !path.toLowerCase().includes(rule.path.toLowerCase())) continue;
			if (rule.count !== undefined && rule.applied >= rule.count) continue;
			rule.seen += 1;
			if (rule.after !== undefined && rule.seen <= rule.after) continue;
			const nth = rule.seen - (rule.after ?? 0);
			if (rule.every !== undefined && nth % rule.every !== 0) continue;
			if (rule.probability !== undefined && this.random() >= rule.probability) continue;
			rule.applied += 1;
			fired.push(rule);
		}
		return fired;
	}
}

/** A PascalCase name as System.Text.Json's camelCase policy writes it: "OrderNo" → "orderNo", "RMANumber" → "rmaNumber". */
export function camelName(name: string): string {
	return name.replace(/^[A-Z]+(?=[A-Z][a-z]|$)|^[A-Z]/, (lead) => lead.toLowerCase());
}

/** A JSON value with every member name in camelCase, at every depth. */
export function inCamelCase(value: unknown): unknown {
	if (Array.isArray(value)) return value.map(inCamelCase);
	if (!value || typeof value !== 'object' || Buffer.isBuffer(value)) return value;
	return Object.fromEntries(Object.entries(value).map(([name, inner]) => [camelName(name), inCamelCase(inner)]));
}
