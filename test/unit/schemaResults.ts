// What a wire schema makes of a value, as the unit tests of wire/ compare it; and modules loaded afresh.
import type { ZodTypeAny } from 'zod';

/** The first issue of a refused value as "path: message", or the parsed value. */
export function check(schema: ZodTypeAny, value: unknown): { ok: unknown } | { issue: string } {
	const result = schema.safeParse(value);
	if (result.success) return { ok: result.data };
	const issue = result.error.issues[0];
	return { issue: `${issue.path.join('.')}: ${issue.message}` };
}

/** The first issue of a refused value as "path: message", or "accepted <value>". */
export const outcome = (schema: ZodTypeAny, value: unknown): string => {
	const result = check(schema, value);
	return 'issue' in result ? result.issue : `accepted ${JSON.stringify(result.ok)}`;
};

/** The parsed value; a refusal fails the test with its first issue. */
export const parsed = (schema: ZodTypeAny, value: unknown): unknown => {
	const result = check(schema, value);
	if ('issue' in result) throw new Error(`refused: ${result.issue}`);
	return result.ok;
};

/** The message of the issue at `path` (dotted), or undefined when there is none there. */
export function issueAt(schema: ZodTypeAny, value: unknown, path: string): string | undefined {
	const result = schema.safeParse(value);
	return result.success ? undefined : result.error.issues.find((issue) => issue.path.join('.') === path)?.message;
}

/** A Validate Address body with these members changed: carrier Other, one street line, three candidates. */
export const addressValidationBody = (extra: Record<string, unknown>): Record<string, unknown> => ({
	ClientReferenceCode: 'R1',
	ShippingCarrier: 'Other',
	Address: { StreetLines: ['1 Main St'] },
	MaxCandidateListSize: 3,
	...extra,
});

/**
 * A module as another process (or this one started anew) would load it: its own state, nothing built yet. `load` calls
 * jest.requireActual with the path as the test file writes it.
 */
export function fresh<M>(load: () => M): M {
	let module: M | undefined;
	jest.isolateModules(() => {
		module = load();
	});
	return module as M;
}
