// Fault injection for the sandbox: latency, statuses (429 with Retry-After, 500), resets, malformed JSON, a rate limit.
import { prng } from './state';

export interface FaultRuleInput {
	kind: 'status' | 'reset' | 'malformed' | 'latency';
	/** only requests whose path contains this text (case-insensitive); all when absent */
	path?: string;
	/** before: the request is not processed; after: it is processed, then the fault replaces the answer */
	when?: 'before' | 'after';
	status?: number;
	retryAfter?: string;
	body?: unknown;
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
		const rule: FaultRule = { ...input, id: this.nextId++, seen: 0, applied: 0 };
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
