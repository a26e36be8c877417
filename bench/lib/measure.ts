// Measuring helpers: medians, wall and CPU time of a run, and its peak memory above a collected baseline.

export function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b);
	const mid = Math.floor(sorted.length / 2);
	return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export const round = (value: number, digits = 2): number => Number(value.toFixed(digits));

export const mib = (bytes: number): number => round(bytes / 1024 / 1024, 1);

/** What memory means here: the V8 heap in use plus memory outside it (Buffers, ArrayBuffers). */
export function memoryInUse(): number {
	const m = process.memoryUsage();
	return m.heapUsed + m.external;
}

/** Full garbage collection (node --expose-gc), repeated while it still frees memory (one pass may not free all). */
export function collectGarbage(): void {
	const gc = (globalThis as { gc?: () => void }).gc;
	if (!gc) throw new Error('run with node --expose-gc (npm run bench does)');
	for (let pass = 0, before = Infinity; pass < 5; pass++) {
		gc();
		const now = memoryInUse();
		if (before - now < 256 * 1024) break;
		before = now;
	}
}

export interface RunMeasure<S> {
	summary: S;
	wallMs: number;
	/** user + system CPU of this process */
	cpuMs: number;
	/** highest sample minus the baseline taken after a full GC just before the run */
	peakBytes: number;
}

export interface MeasureOptions {
	/** sample memory while the run works: 'in-use' as it is, 'live' after a full GC each time (slow) */
	memory?: 'in-use' | 'live';
	sampleMs?: number;
	/** full GC before the run (default true; memory runs always do it, for their baseline) */
	collectFirst?: boolean;
}

/**
 * Measures one run: wall and CPU time, and with `memory` its peak memory, sampled every `sampleMs`
 * while `run` works and once more when it ends with its result still held. `summarize` reduces the
 * result before it is dropped. Timing runs sample nothing, so sampling costs them nothing.
 */
export async function measure<T, S>(
	run: () => Promise<T>,
	summarize: (result: T) => S,
	options: MeasureOptions = {},
): Promise<RunMeasure<S>> {
	if (options.memory || options.collectFirst !== false) collectGarbage();
	const baseline = memoryInUse();
	let peak = baseline;
	const sample = () => {
		if (options.memory === 'live') collectGarbage();
		peak = Math.max(peak, memoryInUse());
	};
	const timer = options.memory ? setInterval(sample, options.sampleMs ?? (options.memory === 'live' ? 10 : 2)) : undefined;
	const cpu = process.cpuUsage();
	const started = performance.now();
	try {
		const result = await run();
		const wallMs = performance.now() - started;
		const used = process.cpuUsage(cpu);
		if (options.memory) sample();
		return { summary: summarize(result), wallMs, cpuMs: (used.user + used.system) / 1000, peakBytes: peak - baseline };
	} finally {
		clearInterval(timer);
	}
}
