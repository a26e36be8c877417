// The trigger's window reader called directly against an in-memory provider: what it asks for, what it keeps, how far it is complete.
import type { IDataObject } from 'n8n-workflow';
import { NodeApiError } from 'n8n-workflow';

import { countWindow, newestRequests, readNewest, readWindow, split, type NewestOptions, type ReadOptions, type WindowQuery } from '../../nodes/WineFulfillment/trigger/window';
import { ENDPOINTS } from '../../nodes/WineFulfillment/wire/endpoints';
import { fakeContext } from './fakeContext';

const T = Date.parse('2026-03-01T12:00:00Z');
const S = 1000;

interface Rec {
	id: string;
	t: number;
	/** the provider's activity time, when not `t` */
	a?: number;
}

/**
 * A provider of records with a time `t`: a request { From, To, Skip, Top } gets the records with t in
 * [From, To + 999] (whole seconds, both included), ordered by time. Every request takes `latency` ms of
 * the fake clock; `before(n)` runs before the n-th request (0-based) is answered, to move records.
 */
class Provider {
	records: Rec[] = [];
	now: number | undefined = T + 3600 * S;
	withTotal = true;
	/** TotalRecordCount sent as text, which the node does not take for a count */
	totalAsText = false;
	withMore = false;
	latency = 0;
	clock = 0;
	before?: (n: number, request: IDataObject) => void;
	/** a whole answer instead of the provider's, for the n-th request */
	raw?: (n: number) => unknown;
	/** the most records one answer holds, whatever Top asks (a provider's own page size) */
	serveAtMost = Number.POSITIVE_INFINITY;
	/** TotalRecordCount this much more than the records it serves (a provider whose count is off) */
	countOff = 0;

	constructor(times: number[] = []) {
		this.records = times.map((t, i) => ({ id: `r${i}`, t }));
	}

	context() {
		return fakeContext((request, n) => {
			this.clock += this.latency;
			this.before?.(n, request.body);
			const replaced = this.raw?.(n);
			if (replaced !== undefined) return { body: replaced };
			const { From, To, Skip, Top, ActiveFrom, ActiveTo } = request.body as Record<string, number>;
			const active = (r: Rec) => ActiveFrom === undefined || ((r.a ?? r.t) >= ActiveFrom && (r.a ?? r.t) < ActiveTo + S);
			const matching = this.records.filter((r) => r.t >= From && r.t < To + S && active(r)).sort((a, b) => a.t - b.t || (a.id < b.id ? -1 : 1));
			const page = matching.slice(Skip, Skip + Math.min(Top, this.serveAtMost));
			return {
				body: {
					Records: page.map((r) => ({ Id: r.id, T: r.t })),
					...(this.withTotal ? { TotalRecordCount: this.totalAsText ? String(matching.length + this.countOff) : matching.length + this.countOff } : {}),
					...(this.withMore ? { MoreRecords: Skip + page.length < matching.length } : {}),
					...(this.now !== undefined ? { Now: this.now } : {}),
				},
			};
		});
	}
}

const query = (maxTop = 100): WindowQuery => ({
	endpoint: ENDPOINTS.getPackages,
	recordsKey: 'Records',
	maxTop,
	body: (from, to) => ({ From: from, To: to }),
	candidate: (r) => ({ key: String(r.Id), at: Number(r.T), record: r }),
	identity: (r) => String(r.Id),
	providerTime: (b) => (typeof b.Now === 'number' ? b.Now : undefined),
});

const options = (more: Partial<ReadOptions> = {}): ReadOptions => ({ pageSize: 10, deadline: Number.POSITIVE_INFINITY, presentHint: T, ...more });

/** [From, To, Skip, Top] of each request, From and To in seconds after T */
const asked = (sent: Array<{ body: IDataObject }>) =>
	sent.map(({ body }) => [(Number(body.From) - T) / S, (Number(body.To) - T) / S, body.Skip, body.Top]);
const ids = (read: { candidates: Array<{ key: string }> }) => [...new Set(read.candidates.map((c) => c.key))].sort(byNumber);
const byNumber = (a: string, b: string) => Number(a.slice(1)) - Number(b.slice(1));
const range = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

let clockSpy: jest.SpyInstance | undefined;
/** performance.now() follows the provider's fake clock */
function useClock(p: Provider) {
	clockSpy = jest.spyOn(performance, 'now').mockImplementation(() => p.clock);
}
afterEach(() => clockSpy?.mockRestore());

describe('readWindow: a window that fits in one answer', () => {
	it('asks once for the whole window in whole seconds, Skip 0 and Top the page size, and keeps every record', async () => {
		const p = new Provider([T + 1500, T + 4000, T + 9999]);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T + 500, T + 9500, options());
		expect(asked(sent)).toEqual([[0, 10, 0, 10]]);
		expect(read).toMatchObject({ through: T + 10 * S, requests: 1, total: 3, providerTime: T + 3600 * S });
		expect(read.candidates.map((c) => [c.key, c.at])).toEqual([
			['r0', T + 1500],
			['r1', T + 4000],
			['r2', T + 9999],
		]);
	});

	it("bounds each record's window time by the end of the window, or the provider's present when earlier", async () => {
		const p = new Provider([T + 1000]);
		const late = await readWindow(p.context().ctx, query(), T, T + 10 * S, options());
		expect(late.candidates[0].bound).toBe(T + 10 * S + 999);
		p.now = T + 5 * S;
		const early = await readWindow(p.context().ctx, query(), T, T + 10 * S, options());
		expect(early.candidates[0].bound).toBe(T + 5 * S);
		p.now = undefined;
		const none = await readWindow(p.context().ctx, query(), T, T + 10 * S, options());
		expect(none.candidates[0].bound).toBe(T + 10 * S + 999);
		expect(none.providerTime).toBeUndefined();
	});

	it('Top is the page size, at most the query maximum, at least 1', async () => {
		const p = new Provider([]);
		const big = p.context();
		await readWindow(big.ctx, query(50), T, T + S, options({ pageSize: 1000 }));
		const zero = p.context();
		await readWindow(zero.ctx, query(50), T, T + S, options({ pageSize: 0 }));
		const some = p.context();
		await readWindow(some.ctx, query(50), T, T + S, options({ pageSize: 7 }));
		expect([big.sent[0].body.Top, zero.sent[0].body.Top, some.sent[0].body.Top]).toEqual([50, 1, 7]);
	});

	it('a window ending before it starts is the one second it starts in', async () => {
		const { ctx, sent } = new Provider([]).context();
		const read = await readWindow(ctx, query(), T + 1500, T, options());
		expect(asked(sent)).toEqual([[1, 1, 0, 10]]);
		expect(read.through).toBe(T + S);
	});

	it('without a count: fits when MoreRecords is false, or when it is absent and the page is not full', async () => {
		const p = new Provider(Array.from({ length: 10 }, (_, i) => T + i * S));
		p.withTotal = false;
		p.withMore = true;
		const more = p.context();
		const fitting = await readWindow(more.ctx, query(), T, T + 20 * S, options());
		expect([more.sent.length, fitting.total, ids(fitting)]).toEqual([1, undefined, range(10)]);

		p.withMore = false;
		const short = p.context();
		const read = await readWindow(short.ctx, query(), T, T + 20 * S, options({ pageSize: 11 }));
		expect([short.sent.length, ids(read)]).toEqual([1, range(10)]);
	});

	it('a window that fits is complete in one request even when the budget is spent', async () => {
		const p = new Provider([T, T + S]);
		const counted = p.context();
		const read = await readWindow(counted.ctx, query(), T, T + 9 * S, options({ deadline: 0 }));
		expect([counted.sent.length, read.through, ids(read)]).toEqual([1, T + 9 * S, ['r0', 'r1']]);
		p.withTotal = false;
		p.withMore = true;
		p.records = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}`, t: T + i * 100 }));
		const more = p.context();
		const full = await readWindow(more.ctx, query(), T, T + 9 * S, options({ deadline: 0 }));
		// a full page, and MoreRecords false: it fits
		expect([more.sent.length, full.through, ids(full)]).toEqual([1, T + 9 * S, range(10)]);
		p.withMore = false;
		const none = p.context();
		await readWindow(none.ctx, query(), T, T + 9 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		// a full page and nothing said: it may not fit
		expect(none.sent.length).toBeGreaterThan(1);
	});

	it('a short page with MoreRecords true does not fit: the rest is read', async () => {
		const p = new Provider(Array.from({ length: 8 }, (_, i) => T + i * S));
		p.withTotal = false;
		p.withMore = true;
		// the provider serves 5 of the 10 asked for and says there is more
		p.raw = (n) => (n === 0 ? { Records: p.records.slice(0, 5).map((r) => ({ Id: r.id, T: r.t })), MoreRecords: true, Now: p.now } : undefined);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 9 * S, options({ deadline: 1e15, progressPast: T + 200 * S }));
		expect(sent.length).toBeGreaterThan(1);
		expect(ids(read)).toEqual(range(8));
	});

	it('an answer without records, or without a body, fails the read with an error naming it: never an empty window passed', async () => {
		const p = new Provider([T]);
		p.raw = () => ({ Records: 'none', TotalRecordCount: '1' });
		await expect(readWindow(p.context().ctx, query(), T, T + S, options())).rejects.toThrow(
			'The provider answered a page without its records (Records is not a list): {"Records":"none","TotalRecordCount":"1"}',
		);
		p.raw = () => '';
		await expect(readWindow(p.context().ctx, query(), T, T + S, options())).rejects.toThrow(
			'The provider answered a page with an empty body instead of its records (Records)',
		);
		p.raw = () => ({ Message: 'Service unavailable' });
		const error = await readWindow(p.context().ctx, query(), T, T + S, options()).catch((e: unknown) => e);
		expect(error).toBeInstanceOf(NodeApiError);
		expect((error as NodeApiError).errorResponse).toEqual({ message: 'The provider answered a page without its records (Records): Service unavailable' });
		expect((error as NodeApiError).description).toBe(
			'Nothing was emitted and the trigger keeps its place: the next poll reads the same time again. If it keeps happening, tell the provider what the message says.',
		);
	});

	it('an answer that says there is nothing (a total of 0) may leave the records out', async () => {
		const p = new Provider([T]);
		p.raw = () => ({ TotalRecordCount: 0 });
		const none = await readWindow(p.context().ctx, query(), T, T + S, options());
		expect([none.candidates, none.through, none.total]).toEqual([[], T + S, 0]);
	});
});

describe('readWindow: checked Skip/Top pages', () => {
	it('pages a window that does not fit, each page starting with the last one read, and keeps them when consistent', async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 59 * S, options());
		// Skip one less than the records read so far: 10, then 9 new ones, then the last 6
		expect(asked(sent)).toEqual([
			[0, 59, 0, 10],
			[0, 59, 9, 10],
			[0, 59, 18, 10],
		]);
		expect(read.candidates.map((c) => c.key)).toEqual(range(25));
		expect(read).toMatchObject({ through: T + 59 * S, requests: 3, total: 25 });
		expect(read.candidates.every((c) => c.bound === T + 59 * S + 999)).toBe(true);
	});

	it("bounds a paged record by the provider's present in its page", async () => {
		const p = new Provider(Array.from({ length: 15 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		const read = await readWindow(p.context().ctx, query(), T, T + 59 * S, options());
		expect(read.candidates).toHaveLength(15);
		expect(read.candidates.every((c) => c.bound === T + 30 * S)).toBe(true);
	});

	it('a first answer with no records while its count says more is inconsistent: the window is read in slices, nothing lost', async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.raw = (n) => (n === 0 ? { Records: [], TotalRecordCount: 25, Now: p.now } : undefined);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 59 * S, options());
		expect(ids(read)).toEqual(range(25));
		// no page after the empty one: slices from the start
		expect(asked(sent)[1][2]).toBe(0);
	});

	/** 25 records within one second (ms apart), no count, MoreRecords told: a second read with checked pages */
	const oneBusySecond = () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i));
		p.withTotal = false;
		p.withMore = true;
		return p;
	};

	it('one second with more records than a page, no count: a record read on page 1 that moves behind the boundary while one moves before it is caught (read twice), nothing lost', async () => {
		const p = oneBusySecond();
		// requests: the window's first page, its second page (then, the pages being inconsistent, slices)
		p.before = (n) => {
			if (n !== 1) return;
			(p.records.find((r) => r.id === 'r3') as Rec).t = T + 14.5;
			(p.records.find((r) => r.id === 'r12') as Rec).t = T + 2.5;
		};
		const read = await readWindow(p.context().ctx, query(), T, T, options());
		expect(ids(read)).toEqual(range(25));
		expect(read.through).toBe(T);
	});

	it('on the last page, no count: a record read before that shows again (one moved behind the boundary, one before it) is caught, nothing lost', async () => {
		const p = oneBusySecond();
		p.records = p.records.slice(0, 15);
		p.before = (n) => {
			if (n !== 1) return;
			(p.records.find((r) => r.id === 'r3') as Rec).t = T + 12.5;
			(p.records.find((r) => r.id === 'r12') as Rec).t = T + 2.5;
		};
		const read = await readWindow(p.context().ctx, query(), T, T, options());
		expect(ids(read)).toEqual(range(15));
	});

	it('a first page that holds a record twice is inconsistent: the second is read in slices', async () => {
		const p = oneBusySecond();
		const record = (r: Rec) => ({ Id: r.id, T: r.t });
		p.raw = (n) => (n === 0 ? { Records: [...p.records.slice(0, 9), p.records[0]].map(record), MoreRecords: true, Now: p.now } : undefined);
		const read = await readWindow(p.context().ctx, query(), T, T, options());
		expect(ids(read)).toEqual(range(25));
	});

	it('a provider that serves fewer than asked and says MoreRecords: the pages go on until it says no more', async () => {
		const p = oneBusySecond();
		p.serveAtMost = 5;
		const read = await readWindow(p.context().ctx, query(), T, T, options());
		expect(ids(read)).toEqual(range(25));
	});

	it('a count that says one more than the provider serves: the pages are not kept, and the read is not complete', async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		// MoreRecords false on the last page: the pages end there, one record short of the count
		p.withMore = true;
		p.countOff = 1;
		const read = await readWindow(p.context().ctx, query(), T, T + 59 * S, options());
		expect(read.through).toBeLessThan(T + 59 * S);
	});

	it('a record that moves between pages makes them inconsistent: the window is read in slices instead, nothing lost', async () => {
		const p = new Provider(Array.from({ length: 30 }, (_, i) => T + i * 3 * S));
		p.now = T + 60 * S;
		// before the second page, the first record moves to the end of the window
		p.before = (n) => {
			if (n === 1) p.records[0].t = T + 95 * S;
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options());
		expect(ids(read)).toEqual(range(30));
		// two pages (the second no longer starts with the first one's last record: the first record moved away from
		// before it), then 5 slices up to the present (30 records / 7 per slice) and the rest after it, which now holds
		// 11 records and is split in two
		expect(asked(sent)).toEqual([
			[0, 99, 0, 10],
			[0, 99, 9, 10],
			[0, 12, 0, 10],
			[12, 24, 0, 10],
			[24, 36, 0, 10],
			[36, 48, 0, 10],
			[48, 60, 0, 10],
			[60, 99, 0, 10],
			[60, 80, 0, 10],
			[80, 99, 0, 10],
		]);
		expect(read).toMatchObject({ through: T + 99 * S, requests: 10 });
	});

	it('a count that changes between pages stops the paging at once', async () => {
		const p = new Provider(Array.from({ length: 30 }, (_, i) => T + i * 3 * S));
		p.now = T + 60 * S;
		p.before = (n) => {
			if (n === 1) for (let i = 0; i < 20; i++) p.records.push({ id: `r${30 + i}`, t: T + 50 * S });
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options());
		// the page after the inconsistent one may already be under way; no page is asked for after it
		const pages = sent.filter(({ body }) => body.To === T + 99 * S && body.Skip !== 0);
		// 50 records would take pages up to Skip 40
		expect(pages.map(({ body }) => body.Skip)).not.toContain(40);
		expect(pages.length).toBeLessThan(4);
		const firstSlice = sent.find(({ body }) => body.To !== T + 99 * S);
		expect(firstSlice?.body).toMatchObject({ From: T, Skip: 0 });
		expect(ids(read)).toEqual(range(50));
	});

	it("a count sent as text is read as the action's paging reads it: the pages are checked against it and kept", async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.totalAsText = true;
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 59 * S, options());
		expect(sent).toHaveLength(3);
		expect(ids(read)).toEqual(range(25));
		expect(read.total).toBe(25);
	});

	it("the provider's present is the newest any page told", async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		const nows = [T + 100 * S, T + 105 * S, T + 102 * S];
		p.before = (n) => {
			p.now = nows[n];
		};
		const read = await readWindow(p.context().ctx, query(), T, T + 59 * S, options());
		expect(read.providerTime).toBe(T + 105 * S);
	});

	it('without a count, pages until one is short and keeps them', async () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.withTotal = false;
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 59 * S, options());
		expect(sent).toHaveLength(3);
		expect(ids(read)).toEqual(range(25));
		expect(read.total).toBeUndefined();
	});
});

describe('readWindow: slices under a budget', () => {
	const thirty = () => {
		const p = new Provider(Array.from({ length: 30 }, (_, i) => T + i * 3 * S));
		p.now = T + 60 * S;
		p.latency = 1000;
		useClock(p);
		return p;
	};

	it('reads slices when the budget does not allow the pages, and stops between slices once past the cursor', async () => {
		const p = thirty();
		const { ctx, sent } = p.context();
		// after the first answer (1 s), two pages more would need 3 s
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 2500 }));
		expect(asked(sent)).toEqual([
			[0, 99, 0, 10],
			[0, 12, 0, 10],
		]);
		expect(read.through).toBe(T + 12 * S);
		expect(ids(read)).toEqual(range(5));
		expect(read.requests).toBe(2);
	});

	it('with the budget spent from the start, still reads one slice: every poll makes progress', async () => {
		const p = thirty();
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 0 }));
		expect(asked(sent)).toEqual([
			[0, 99, 0, 10],
			[0, 12, 0, 10],
		]);
		expect(read.through).toBe(T + 12 * S);
	});

	it('a slow slice after the present counts towards the budget too', async () => {
		// 12 records after the present: the slice beyond it does not fit and is split
		const p = new Provider(Array.from({ length: 12 }, (_, i) => T + (60 + i) * S));
		p.now = T + 50 * S;
		useClock(p);
		// the whole window answers in 20 s (too slow for pages), the slices in 1 s, the one beyond the present in 10 s
		p.latency = 20_000;
		p.before = (n) => {
			p.latency = n === 2 ? 10_000 : 1000;
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 40_000 }));
		expect(asked(sent)).toEqual([
			[0, 99, 0, 10],
			[0, 25, 0, 10],
			[25, 50, 0, 10],
			[50, 99, 0, 10],
		]);
		// at 32 s, another 10 s slice and its margin do not fit before 40 s
		expect(read.through).toBe(T + 50 * S);
	});

	it('reads the pages when the budget allows exactly them', async () => {
		const p = thirty();
		const exact = p.context();
		// after the first answer at 1 s: three overlapping pages (9 new records each) and one answer's margin end at 5 s
		const read = await readWindow(exact.ctx, query(), T, T + 99 * S, options({ deadline: 5000 }));
		expect(exact.sent).toHaveLength(4);
		expect(read.through).toBe(T + 99 * S);
		p.clock = 0;
		const short = p.context();
		await readWindow(short.ctx, query(), T, T + 99 * S, options({ deadline: 4999 }));
		expect(asked(short.sent)[1]).toEqual([0, 12, 0, 10]);
	});

	it('reads slices past the stored cursor whatever the budget, then stops', async () => {
		const p = thirty();
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 30 * S }));
		expect(asked(sent).slice(1)).toEqual([
			[0, 12, 0, 10],
			[12, 24, 0, 10],
			[24, 36, 0, 10],
		]);
		expect(read.through).toBe(T + 36 * S);
		expect(ids(read)).toEqual(range(13));
	});

	it('a slice is stopped only when the next one would not fit in the budget, judged by the slowest slice', async () => {
		const p = thirty();
		const { ctx, sent } = p.context();
		// the whole window answers slowly, slices quickly: the budget is judged by the slices
		p.latency = 5000;
		p.before = () => {
			p.latency = 1000;
		};
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 5000 + 4 * 1000 }));
		// at 5 s the first answer; slices at 6, 7, 8 s; then 8 + 2 > 9
		expect(sent).toHaveLength(4);
		expect(read.through).toBe(T + 36 * S);
	});

	it('slices without a count: four up to the present, then what lies beyond it', async () => {
		const p = thirty();
		p.withTotal = false;
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(asked(sent)).toEqual([
			[0, 99, 0, 10],
			[0, 15, 0, 10],
			[15, 30, 0, 10],
			[30, 45, 0, 10],
			[45, 60, 0, 10],
			// a full page without a count does not fit: split in four
			[60, 99, 0, 10],
			[60, 70, 0, 10],
			[70, 80, 0, 10],
			[80, 90, 0, 10],
			[90, 99, 0, 10],
		]);
		expect(ids(read)).toEqual(range(30));
	});

	it("without the provider's present, slices up to the present hint", async () => {
		const p = thirty();
		p.now = undefined;
		const { ctx, sent } = p.context();
		await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 200 * S, presentHint: T + 40 * S }));
		expect(asked(sent).slice(1, 3)).toEqual([
			[0, 8, 0, 10],
			[8, 16, 0, 10],
		]);
		expect(asked(sent)).toContainEqual([40, 99, 0, 10]);
		expect(asked(sent).slice(1).filter(([from, to]) => Number(from) < 40 && Number(to) > 40)).toEqual([]);
	});

	it('the present is at least a second after the start and at most the end', async () => {
		const p = thirty();
		p.now = T - 3600 * S;
		const early = p.context();
		await readWindow(early.ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(asked(early.sent).slice(1, 3)).toEqual([
			[0, 1, 0, 10],
			[1, 99, 0, 10],
		]);
		p.now = T + 3600 * S;
		const late = p.context();
		await readWindow(late.ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(asked(late.sent).at(-1)?.[1]).toBe(99);
		expect(asked(late.sent).every(([, to]) => Number(to) <= 99)).toBe(true);
		// nothing lies beyond a present at the end: no slice of it alone
		expect(asked(late.sent).filter(([from]) => from === 99)).toEqual([]);
	});

	it('a slice that does not fit is split again', async () => {
		const p = new Provider([...Array.from({ length: 12 }, (_, i) => T + 20 * S + i * 100), T + 1000 * S]);
		p.now = T + 100 * S;
		p.latency = 1000;
		useClock(p);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 99 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(asked(sent).slice(1, 3)).toEqual([
			[0, 50, 0, 10],
			[0, 25, 0, 10],
		]);
		expect(asked(sent)).toContainEqual([25, 50, 0, 10]);
		expect(asked(sent).at(-1)).toEqual([50, 99, 0, 10]);
		expect(ids(read)).toEqual(range(12));
		expect(read.through).toBe(T + 99 * S);
	});
});

describe('readWindow: one second holding more than a page', () => {
	const crowded = () => {
		// 25 records in the same second
		const p = new Provider(Array.from({ length: 25 }, () => T + 5 * S));
		p.now = T + 6 * S;
		p.latency = 1000;
		useClock(p);
		return p;
	};

	it('is read with checked Skip/Top pages', async () => {
		const p = crowded();
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T + 5 * S, T + 5 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(ids(read)).toEqual(range(25));
		expect(sent.length).toBeGreaterThan(3);
		expect(read.through).toBe(T + 5 * S);
	});

	it('is asked once more when its pages were inconsistent, and kept when the second paging is consistent', async () => {
		const p = crowded();
		p.before = (n) => {
			if (n === 2) p.records.push({ id: 'r25', t: T + 5 * S });
		};
		const { ctx } = p.context();
		const read = await readWindow(ctx, query(), T + 4 * S, T + 5 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(ids(read)).toEqual(range(26));
		expect(read.through).toBe(T + 5 * S);
	});

	it('a slice of two seconds that does not fit is split into seconds before paging', async () => {
		const p = new Provider(Array.from({ length: 11 }, () => T + S));
		p.now = T + 10 * S;
		p.latency = 1000;
		useClock(p);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 4 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(ids(read)).toEqual(range(11));
		// the window (too full, no time for pages), two slices of two seconds; the first does not fit and is
		// cut into its seconds, each of which is paged
		expect(asked(sent).filter(([, , skip]) => skip === 0)).toEqual([
			[0, 4, 0, 10],
			[0, 2, 0, 10],
			[0, 1, 0, 10],
			[1, 2, 0, 10],
			[2, 4, 0, 10],
		]);
	});

	/** A second of 25 records that gains one on every request after the first. */
	const busySecond = () => {
		const p = new Provider([T + S, ...Array.from({ length: 25 }, () => T + 5 * S)]);
		p.now = T + 6 * S;
		p.latency = 1000;
		useClock(p);
		let added = 0;
		p.before = (n) => {
			if (n > 0) p.records.push({ id: `x${added++}`, t: T + 5 * S });
		};
		return p;
	};

	it('changing faster than it can be paged, no larger page to ask: the read stops before it, keeping only what came before', async () => {
		const { ctx } = busySecond().context();
		// the interface's largest page is Page Size: no answer holds the whole second
		const read = await readWindow(ctx, query(10), T, T + 9 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(read.through).toBeLessThanOrEqual(T + 5 * S);
		expect(read.through).toBeGreaterThan(T);
		expect(read.candidates.map((c) => c.key)).not.toContain('r2');
		expect(read.candidates.map((c) => c.key)).toContain('r0');
	});

	it('changing faster than it can be paged: one answer of the largest page reads the second whole', async () => {
		const p = busySecond();
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(100), T, T + 9 * S, options({ deadline: 0, progressPast: T + 200 * S }));
		expect(read.through).toBe(T + 9 * S);
		// the second's 25 records and what was added to it before the answer of the largest page
		const keys = read.candidates.map((c) => c.key);
		expect(keys).toEqual(expect.arrayContaining(['r0', 'r1', 'r25']));
		expect(asked(sent).some(([, , , top]) => top === 100)).toBe(true);
	});
});

describe('readWindow: a window partly remembered', () => {
	// records at 0, 1, …, 24 s; the state remembers those before 20 s (20 of them)
	const twentyFive = () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		return p;
	};
	const remembered = { until: T + 20 * S, count: 20 };

	it('when nothing came late before `until`, reads only the part after it', async () => {
		const p = twentyFive();
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(asked(sent)).toEqual([
			[0, 29, 0, 10],
			[20, 29, 0, 10],
		]);
		expect(ids(read)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24']);
		expect(read).toMatchObject({ through: T + 29 * S, requests: 2, total: 25, providerTime: T + 30 * S });
	});

	it('when the whole count is no more than remembered, reads nothing more', async () => {
		const p = twentyFive();
		p.records = p.records.slice(0, 20);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ pageSize: 10, remembered }));
		expect(sent).toHaveLength(1);
		expect(read).toMatchObject({ candidates: [], through: T + 29 * S, requests: 1 });
	});

	it('when a record came late before `until`, reads that part again too', async () => {
		const p = twentyFive();
		p.records.push({ id: 'r25', t: T + 10 * S + 500 });
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(asked(sent).slice(0, 2)).toEqual([
			[0, 29, 0, 10],
			[20, 29, 0, 10],
		]);
		expect(sent[2].body).toMatchObject({ From: T, To: T + 20 * S });
		expect(ids(read)).toEqual(range(26));
		expect(read.through).toBe(T + 29 * S);
		expect(read.requests).toBe(sent.length);
	});

	it('when records arrive after `until` between the answers, counts the part before it exactly', async () => {
		const p = twentyFive();
		p.before = (n) => {
			if (n === 1) p.records.push({ id: 'r25', t: T + 22 * S });
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(asked(sent)).toEqual([
			[0, 29, 0, 10],
			[20, 29, 0, 10],
			[0, 19, 0, 1],
		]);
		expect(ids(read)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24', 'r25']);
		expect(read.requests).toBe(3);
	});

	it('an exact count that is not told means the part before is read again', async () => {
		const p = twentyFive();
		p.before = (n) => {
			if (n === 1) p.records.push({ id: 'r25', t: T + 22 * S });
			if (n === 2) p.raw = () => ({ Records: [] });
			if (n === 3) p.raw = undefined;
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(sent.length).toBeGreaterThan(3);
		expect(ids(read)).toEqual(range(26));
	});

	it('the part before `until` must be complete for the read to count as complete', async () => {
		const p = twentyFive();
		p.records.push({ id: 'r25', t: T + 10 * S + 500 });
		p.latency = 1000;
		useClock(p);
		// the second answer (the part after `until`) fits; the part before does not fit and the budget stops it
		const { ctx } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered, deadline: 0, progressPast: T }));
		expect(read.through).toBeLessThan(T + 20 * S);
	});

	it('without a count in the answer of the part after, reads the part before again', async () => {
		const p = twentyFive();
		p.before = (n) => {
			if (n === 1) p.withTotal = false;
		};
		const { ctx } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(ids(read)).toEqual(range(25));
	});

	it("the provider's present is the newest of all answers; undefined when none told it", async () => {
		const p = twentyFive();
		p.before = (n) => {
			if (n === 1) p.now = T + 40 * S;
		};
		const read = await readWindow(p.context().ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(read.providerTime).toBe(T + 40 * S);
		const q = twentyFive();
		q.now = undefined;
		const none = await readWindow(q.context().ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(none.providerTime).toBeUndefined();
	});

	it('is not used when `until` is not inside the window, or the answer has no count', async () => {
		for (const until of [T, T + 29 * S, T + 40 * S]) {
			const p = twentyFive();
			const { ctx, sent } = p.context();
			const read = await readWindow(ctx, query(), T, T + 29 * S, options({ remembered: { until, count: 20 } }));
			expect([until, ids(read)]).toEqual([until, range(25)]);
			// the window is paged at once: Skip 9, 18 of the same request (each page overlaps the one before by one)
			expect(asked(sent)).toEqual([
				[0, 29, 0, 10],
				[0, 29, 9, 10],
				[0, 29, 18, 10],
			]);
			expect(read.requests).toBe(3);
		}
		const p = twentyFive();
		p.withTotal = false;
		const read = await readWindow(p.context().ctx, query(), T, T + 29 * S, options({ remembered }));
		expect(ids(read)).toEqual(range(25));
	});
});

describe('readWindow: pages shifted by a record taken away and one arriving', () => {
	it('one taken away before a page boundary while one arrives after it: the pages are inconsistent, and slices read it all', async () => {
		// 25 records a second apart; before the second page, r0 is taken away and r25 arrives at the end: the total stays 25
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		p.before = (n) => {
			if (n !== 1) return;
			p.records.shift();
			p.records.push({ id: 'r25', t: T + 26 * S });
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options());
		// every record still listed is read (r10 is the one at the boundary)
		expect(p.records.map((r) => r.id).filter((id) => !ids(read).includes(id))).toEqual([]);
		// r10 slid into the first page's place; the page at Skip 9 starts with it, not with r9: slices follow
		expect(asked(sent).slice(0, 3)).toEqual([
			[0, 29, 0, 10],
			[0, 29, 9, 10],
			[0, 8, 0, 10],
		]);
		expect(read.through).toBe(T + 29 * S);
	});

	it('with a page size of 1, the pages after the first ask for 2: one to check, one new', async () => {
		const p = new Provider([T, T + S, T + 2 * S]);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 9 * S, options({ pageSize: 1 }));
		expect(asked(sent)).toEqual([
			[0, 9, 0, 1],
			[0, 9, 0, 2],
			[0, 9, 1, 2],
		]);
		expect(ids(read)).toEqual(range(3));
	});

	it('a page that holds only the record it should start with, while more should follow, is inconsistent', async () => {
		const p = new Provider(Array.from({ length: 15 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		p.raw = (n) => (n === 1 ? { Records: [{ Id: 'r9', T: T + 9 * S }], TotalRecordCount: 15, Now: p.now } : undefined);
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, query(), T, T + 29 * S, options());
		// the first slice follows
		expect(asked(sent)[2]).toEqual([0, 10, 0, 10]);
		expect(ids(read)).toEqual(range(15));
	});
});

describe('readWindow: records alike in their identity (one order\'s identical boxes without a tracking number)', () => {
	/** `box~1` and `box~2` are alike: their identity (and key) is `box` */
	const alikeQuery = (): WindowQuery => {
		const identity = (r: IDataObject) => String(r.Id).replace(/~\d+$/, '');
		return { ...query(), identity, candidate: (r) => ({ key: identity(r), at: Number(r.T), record: r }) };
	};
	const keys = (read: { candidates: Array<{ key: string }> }) => read.candidates.map((c) => c.key);

	it('one second holding more than a page: alike records that one answer holds together are two, and the pages are kept', async () => {
		// 11 records in one second, ordered by id there; the boxes are the 10th and 11th: page 1 ends with one, page 2
		// (Skip 9) holds both
		const p = new Provider(Array.from({ length: 9 }, () => T + 5 * S));
		p.records.push({ id: 'zbox~1', t: T + 5 * S }, { id: 'zbox~2', t: T + 5 * S });
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, alikeQuery(), T + 5 * S, T + 5 * S, options());
		expect(asked(sent)).toEqual([
			[5, 5, 0, 10],
			[5, 5, 9, 10],
		]);
		expect(keys(read)).toEqual([...range(9), 'zbox', 'zbox']);
		expect(read.through).toBe(T + 5 * S);
	});

	it('with a page size of 2, the boxes on the first page, then the rest', async () => {
		const p = new Provider([T + 5 * S]);
		p.records.unshift({ id: 'box~1', t: T + 5 * S }, { id: 'box~2', t: T + 5 * S });
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, alikeQuery(), T + 5 * S, T + 5 * S, options({ pageSize: 2 }));
		expect(asked(sent)).toEqual([
			[5, 5, 0, 2],
			[5, 5, 1, 2],
		]);
		expect(new Set(keys(read))).toEqual(new Set(['box', 'r0']));
		expect(read.through).toBe(T + 5 * S);
	});

	it('one read more often than one answer held it was read again: the pages moved, and slices read what arrived before the boundary', async () => {
		// 25 records a second apart, the 9th and 10th two boxes of one second: page 1 ends with both; before page 2, one
		// arrives before them and the last is taken away (the total stays 25), so page 2 starts with the first box again
		const p = new Provider(Array.from({ length: 23 }, (_, i) => T + (i < 8 ? i : i + 1) * S));
		p.records.push({ id: 'box~1', t: T + 8 * S }, { id: 'box~2', t: T + 8 * S });
		p.now = T + 30 * S;
		p.before = (n) => {
			if (n !== 1) return;
			p.records.push({ id: 'x', t: T + 500 });
			p.records.splice(p.records.findIndex((r) => r.id === 'r22'), 1);
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, alikeQuery(), T, T + 29 * S, options());
		// page 2 starts with a box, as page 1 ended, but brings the other box a third time: slices follow
		expect(asked(sent).slice(0, 3)).toEqual([
			[0, 29, 0, 10],
			[0, 29, 9, 10],
			[0, 8, 0, 10],
		]);
		expect(new Set(keys(read))).toEqual(new Set([...range(22), 'box', 'x']));
		expect(read.through).toBe(T + 29 * S);
	});
});

describe('readWindow: a window partly remembered, where the provider keeps an activity time', () => {
	// records at 0, 1, …, 24 s, each with its activity at its own time; the state remembers those before 20 s, read by
	// a poll whose first answer told the present 20 s
	const twentyFive = () => {
		const p = new Provider(Array.from({ length: 25 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		return p;
	};
	const active = (): WindowQuery => ({ ...query(), activitySince: (since, to) => ({ ActiveFrom: since, ActiveTo: to }) });
	const remembered = { until: T + 20 * S, count: 20, keys: new Set(range(20)), since: T + 20 * S };

	it('reads the records of the whole window with an activity since the last read: one request more than the window', async () => {
		const { ctx, sent } = twentyFive().context();
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered }));
		expect(asked(sent)).toEqual([
			[0, 29, 0, 10],
			[0, 29, 0, 10],
		]);
		expect(sent[1].body).toMatchObject({ ActiveFrom: T + 20 * S, ActiveTo: T + 29 * S });
		expect(ids(read)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24']);
		expect(read).toMatchObject({ through: T + 29 * S, requests: 2, total: 25, providerTime: T + 30 * S, activityFrom: T + 30 * S });
	});

	it('a remembered record taken away while a late one arrives before `until`: the late one is read', async () => {
		const p = twentyFive();
		p.records.splice(5, 1);
		p.records.push({ id: 'r25', t: T + 10 * S + 500, a: T + 25 * S });
		const read = await readWindow(p.context().ctx, active(), T, T + 29 * S, options({ remembered }));
		expect(ids(read)).toEqual(['r20', 'r21', 'r22', 'r23', 'r24', 'r25']);
	});

	it('one that entered without an activity since: the count is more than remembered and read, and the window is read whole', async () => {
		const p = twentyFive();
		p.records.push({ id: 'r25', t: T + 10 * S + 500, a: T + 15 * S });
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered }));
		expect(ids(read)).toEqual(range(26));
		expect(sent.slice(2).every(({ body }) => body.ActiveFrom === undefined)).toBe(true);
		expect(read.through).toBe(T + 29 * S);
	});

	it('without `since` (a state of an earlier version) the window is read whole, never by the count alone', async () => {
		const p = twentyFive();
		p.records.splice(5, 1);
		p.records.push({ id: 'r25', t: T + 10 * S + 500 });
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered: { ...remembered, since: undefined } }));
		expect(ids(read)).toContain('r25');
		expect(sent.every(({ body }) => body.ActiveFrom === undefined)).toBe(true);
	});

	it('a window ending before `since` (the provider\'s clock went back) is read whole: a removal and a late arrival cannot cancel out', async () => {
		const p = twentyFive();
		p.records.splice(5, 1);
		p.records.push({ id: 'r25', t: T + 10 * S + 500, a: T + 25 * S });
		const { ctx, sent } = p.context();
		// the window ends at 29 s, the state's activity time is 40 s; one second after the end is no later than it either
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered: { ...remembered, since: T + 40 * S } }));
		expect(ids(read)).toContain('r25');
		expect(sent.every(({ body }) => body.ActiveFrom === undefined)).toBe(true);
	});

	it('`since` at the window\'s last second still narrows the read: nothing active then and nothing new, nothing read', async () => {
		const p = new Provider(Array.from({ length: 20 }, (_, i) => T + i * S));
		p.now = T + 30 * S;
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered: { ...remembered, since: T + 29 * S } }));
		expect(ids(read)).toEqual([]);
		expect(sent).toHaveLength(2);
		expect(sent[1].body).toMatchObject({ ActiveFrom: T + 29 * S, ActiveTo: T + 29 * S });
	});

	it('the narrowed read stopped by the budget: the whole window is not read on top of it, and the read is not complete', async () => {
		const p = twentyFive();
		p.latency = 1000;
		useClock(p);
		// one more record with no activity since: the count says more than the state and the narrowed read hold
		p.records.push({ id: 'r25', t: T + 10 * S + 500, a: T + 15 * S });
		p.before = (n) => {
			if (n === 0) for (let i = 0; i < 20; i++) p.records.push({ id: `x${i}`, t: T + 21 * S, a: T + 25 * S });
		};
		const { ctx, sent } = p.context();
		const read = await readWindow(ctx, active(), T, T + 29 * S, options({ remembered, deadline: 0, progressPast: T }));
		expect(read.through).toBeLessThan(T + 29 * S);
		// every request after the first was narrowed to the recent activity: no read of the whole window began
		expect(sent.slice(1).every(({ body }) => body.ActiveFrom !== undefined)).toBe(true);
	});

	it('a read stopped by the budget reports no activityFrom', async () => {
		const p = twentyFive();
		p.latency = 1000;
		useClock(p);
		p.before = (n) => {
			// the records with a recent activity do not fit one answer either
			if (n === 0) for (let i = 0; i < 20; i++) p.records.push({ id: `x${i}`, t: T + 21 * S, a: T + 25 * S });
		};
		const read = await readWindow(p.context().ctx, active(), T, T + 29 * S, options({ remembered, deadline: 0, progressPast: T }));
		expect(read.through).toBeLessThan(T + 29 * S);
		expect(read.activityFrom).toBeUndefined();
	});
});

describe('countWindow', () => {
	it('asks for one record of the window in whole seconds and returns the count and the present', async () => {
		const p = new Provider([T, T + S, T + 2 * S, T + 9 * S]);
		p.now = T + 50 * S;
		const { ctx, sent } = p.context();
		expect(await countWindow(ctx, query(), T + 500, T + 2500)).toEqual({ total: 3, providerTime: T + 50 * S });
		expect(asked(sent)).toEqual([[0, 3, 0, 1]]);
	});

	it('the count is undefined when the answer does not tell it', async () => {
		const p = new Provider([T]);
		p.withTotal = false;
		p.now = undefined;
		expect(await countWindow(p.context().ctx, query(), T, T + S)).toEqual({ total: undefined, providerTime: undefined });
		p.raw = () => '';
		expect(await countWindow(p.context().ctx, query(), T, T + S)).toEqual({ total: undefined, providerTime: undefined });
	});
});

describe('split', () => {
	it('cuts a range into parts on whole seconds; neighbours share their boundary', () => {
		expect(split(0, 10 * S, 2)).toEqual([
			[0, 5 * S],
			[5 * S, 10 * S],
		]);
		expect(split(0, 10 * S, 3)).toEqual([
			[0, 4 * S],
			[4 * S, 8 * S],
			[8 * S, 10 * S],
		]);
	});

	it('never cuts below one second, and one part is the whole range', () => {
		expect(split(0, 3 * S, 10)).toEqual([
			[0, S],
			[S, 2 * S],
			[2 * S, 3 * S],
		]);
		expect(split(0, 3 * S, 1)).toEqual([[0, 3 * S]]);
		expect(split(0, 3 * S, 0)).toEqual([[0, 3 * S]]);
	});

	it('rounds the length to whole seconds', () => {
		expect(split(0, 2400, 2)).toEqual([
			[0, S],
			[S, 2 * S],
			[2 * S, 2400],
		]);
		expect(split(0, 400, 2)).toEqual([[0, 400]]);
	});

	it('an empty range is itself', () => {
		expect(split(5 * S, 5 * S, 4)).toEqual([[5 * S, 5 * S]]);
	});
});

describe('newestRequests: the most requests readNewest sends', () => {
	it('the first one, then 8 a level for as many levels as splitting the seconds by 8 takes to reach one, and two more', () => {
		// an hour: 8^4 = 4,096 >= 3,600 seconds, so 4 levels, 6 with the two more: 1 + 8 × 6
		expect(newestRequests(T, T + 3600 * S)).toBe(49);
		// a week: 8^7 >= 604,800 seconds: 1 + 8 × 9
		expect(newestRequests(T, T + 7 * 24 * 3600 * S)).toBe(73);
		// 64 seconds: 2 levels; 65: 3
		expect(newestRequests(T, T + 64 * S)).toBe(33);
		expect(newestRequests(T, T + 65 * S)).toBe(41);
		// a second or none: counted as two seconds (one level)
		expect(newestRequests(T, T + S)).toBe(25);
		expect(newestRequests(T, T)).toBe(25);
	});
});

describe('readNewest: the most recent records, newest part first', () => {
	const newest = (more: Partial<NewestOptions> = {}): NewestOptions => ({
		pageSize: 10,
		deadline: Number.POSITIVE_INFINITY,
		presentHint: T,
		wanted: () => true,
		...more,
	});
	/** `n` records `every` seconds from T, the provider's present a minute after T */
	const spread = (n: number, every: number) => {
		const p = new Provider(Array.from({ length: n }, (_, i) => T + i * every * S));
		p.now = T + 60 * S;
		return p;
	};
	const keysOf = (found: Array<{ key: string }>) => found.map((c) => c.key).sort(byNumber);

	it('a window that fits in one answer: its records, in one request', async () => {
		const p = spread(3, 10);
		const { ctx, sent } = p.context();
		expect(keysOf(await readNewest(ctx, query(), T, T + 60 * S, newest()))).toEqual(range(3));
		expect(asked(sent)).toEqual([[0, 60, 0, 10]]);
	});

	it('one that does not fit: split by its count (30 records, 7 a part: 5 parts of 12 s), the newest part read', async () => {
		const p = spread(30, 2);
		const { ctx, sent } = p.context();
		const found = await readNewest(ctx, query(), T, T + 60 * S, newest());
		expect(asked(sent)).toEqual([
			[0, 60, 0, 10],
			[48, 60, 0, 10],
		]);
		expect(keysOf(found)).toEqual(range(30).slice(24));
	});

	describe('an answer without TotalRecordCount', () => {
		it('MoreRecords false: the window fits, its records in one request', async () => {
			const p = spread(3, 10);
			p.withTotal = false;
			p.withMore = true;
			const { ctx, sent } = p.context();
			expect(keysOf(await readNewest(ctx, query(), T, T + 60 * S, newest()))).toEqual(range(3));
			expect(sent).toHaveLength(1);
		});

		it('MoreRecords true: it does not; split in 4, the newest part read', async () => {
			const p = spread(30, 2);
			p.withTotal = false;
			p.withMore = true;
			const { ctx, sent } = p.context();
			const found = await readNewest(ctx, query(), T, T + 60 * S, newest());
			expect(asked(sent)).toEqual([
				[0, 60, 0, 10],
				[45, 60, 0, 10],
			]);
			expect(keysOf(found)).toEqual(range(30).slice(23));
		});

		it('nor MoreRecords: fewer records than Top fit, as many as Top may not (split in 4, the newest part read)', async () => {
			const few = spread(3, 10);
			few.withTotal = false;
			const one = few.context();
			expect(keysOf(await readNewest(one.ctx, query(), T, T + 60 * S, newest()))).toEqual(range(3));
			expect(one.sent).toHaveLength(1);

			const full = spread(10, 6);
			full.withTotal = false;
			const two = full.context();
			const found = await readNewest(two.ctx, query(), T, T + 60 * S, newest());
			expect(asked(two.sent)).toEqual([
				[0, 60, 0, 10],
				[45, 60, 0, 10],
			]);
			expect(keysOf(found)).toEqual(['r8', 'r9']);
		});
	});

	describe('within the deadline', () => {
		it('the first request is always sent: past the deadline, the wanted records of its page (recent, not surely the most recent)', async () => {
			const p = spread(30, 2);
			p.latency = 1000;
			useClock(p);
			const { ctx, sent } = p.context();
			const found = await readNewest(ctx, query(), T, T + 60 * S, newest({ deadline: 0 }));
			expect(sent).toHaveLength(1);
			expect(keysOf(found)).toEqual(range(10));
		});

		it('another request only when it can end before the deadline, by the slowest answer so far', async () => {
			const p = spread(30, 2);
			p.latency = 1000;
			useClock(p);
			const { ctx, sent } = p.context();
			// only r0 is wanted: the newest part (read at 1 s, answered at 2 s) holds none; a third request would end at 3 s
			const found = await readNewest(ctx, query(), T, T + 60 * S, newest({ deadline: 2500, wanted: (c) => c.key === 'r0' }));
			expect(asked(sent)).toEqual([
				[0, 60, 0, 10],
				[48, 60, 0, 10],
			]);
			expect(keysOf(found)).toEqual(['r0']);
		});
	});

	it('a filter that matches nothing: it ends after newestRequests requests, without a deadline', async () => {
		const p = new Provider(Array.from({ length: 3600 }, (_, i) => T + i * S));
		p.now = T + 3600 * S;
		const { ctx, sent } = p.context();
		const found = await readNewest(ctx, query(), T, T + 3600 * S, newest({ wanted: () => false }));
		expect(found).toEqual([]);
		expect(sent).toHaveLength(newestRequests(T, T + 3600 * S));
	});
});
