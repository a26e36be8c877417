// The polling trigger's stored state: a cursor and a bounded set of recently seen keys, per event.
import type { IDataObject } from 'n8n-workflow';

export interface EventState {
	/** ISO 8601: the newest activity the provider has reported; the next window starts just before it */
	cursor: string;
	/** recently seen record keys → their activity time (epoch ms), for dropping duplicates */
	seen: Record<string, number>;
}

/** Most keys kept per event; with pruning by time this is a safety cap, not the usual size. */
export const MAX_SEEN_KEYS = 5000;

export interface Candidate {
	key: string;
	/** when this record's event happened (epoch ms); undefined when the record does not say */
	at: number | undefined;
	record: IDataObject;
}

export interface PollOutcome {
	emit: IDataObject[];
	next: EventState;
}

/**
 * Decides what a poll emits and the state to store after it. A record is emitted when its key was
 * not seen before and its event is not older than the window start (older ones are history the
 * trigger already covered). The cursor never moves backwards; keys older than the next window are
 * dropped, and at most MAX_SEEN_KEYS are kept.
 */
export function advance(
	prior: EventState,
	candidates: Candidate[],
	providerTime: number | undefined,
	windowStart: number,
	overlapMs: number,
): PollOutcome {
	const seen: Record<string, number> = { ...prior.seen };
	const emit: IDataObject[] = [];
	const ordered = [...candidates].sort((a, b) => (a.at ?? 0) - (b.at ?? 0));
	let newest = Date.parse(prior.cursor);
	for (const c of ordered) {
		if (c.at !== undefined) newest = Math.max(newest, c.at);
		if (c.key in seen) continue;
		seen[c.key] = c.at ?? windowStart;
		if (c.at === undefined || c.at >= windowStart) emit.push(c.record);
	}
	if (providerTime !== undefined && Number.isFinite(providerTime)) newest = Math.max(newest, providerTime);
	const keepFrom = newest - overlapMs;
	const kept = Object.entries(seen)
		.filter(([, at]) => at >= keepFrom)
		.sort((a, b) => b[1] - a[1])
		.slice(0, MAX_SEEN_KEYS);
	return { emit, next: { cursor: new Date(newest).toISOString(), seen: Object.fromEntries(kept) } };
}
