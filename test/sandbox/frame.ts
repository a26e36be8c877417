// The sandbox's building blocks: route table, replies, 400 validation helpers. Resource folders use these.
import type { IncomingHttpHeaders } from 'node:http';

import type { SandboxState } from './state';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export interface Reply {
	status: number;
	body?: unknown;
	headers?: Record<string, string>;
}

export interface RequestContext {
	method: string;
	/** path below /v3, e.g. /api/Inventory/GetStatus */
	path: string;
	query: URLSearchParams;
	headers: IncomingHttpHeaders;
	/** the body with the credential members removed */
	body: JsonObject;
	state: SandboxState;
}

export type Handler = (ctx: RequestContext) => Reply;

export interface Route {
	method: 'POST' | 'PATCH';
	path: string;
	/** where this operation's credentials travel (the sandbox's own reading of the field notes) */
	auth: 'Authentication' | 'AuthenticationDetails' | 'flat';
	handler: Handler;
}

/** What each resource folder exports: its routes, and control actions tests call at /__control/<name>. */
export interface SandboxResource {
	routes: Route[];
	controls?: Record<string, (state: SandboxState, input: JsonObject) => unknown>;
}

/** Thrown by handlers; becomes a reply (400 with the message, unless another status is given). */
export class SandboxError extends Error {
	constructor(
		public status: number,
		message: string,
		public body: unknown = { Message: message },
	) {
		super(message);
	}
}

export const ok = (body?: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const fail = (status: number, message: string): never => {
	throw new SandboxError(status, message);
};
export const badRequest = (message: string): never => fail(400, message);

// ---- validation helpers: each names the member and the rule, as the provider's 400 does ----

export function optString(body: JsonObject, key: string, max?: number): string | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'string') return badRequest(`${key} must be a string`);
	if (max !== undefined && v.length > max) return badRequest(`${key} must be at most ${max} characters`);
	return v;
}

export function reqString(body: JsonObject, key: string, max?: number): string {
	const v = optString(body, key, max);
	if (v === undefined || v.trim() === '') return badRequest(`${key} is required`);
	return v;
}

export function optBool(body: JsonObject, key: string): boolean | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'boolean') return badRequest(`${key} must be a boolean`);
	return v;
}

export function optInt(body: JsonObject, key: string, min?: number): number | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'number' || !Number.isInteger(v)) return badRequest(`${key} must be an integer`);
	if (min !== undefined && v < min) return badRequest(`${key} must be at least ${min}`);
	return v;
}

export function optStringList(body: JsonObject, key: string, max?: number): string[] | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) {
		return badRequest(`${key} must be an array of strings`);
	}
	if (max !== undefined && v.length > max) return badRequest(`${key} accepts up to ${max} values`);
	return v as string[];
}

export function optObject(body: JsonObject, key: string): JsonObject | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'object' || Array.isArray(v)) return badRequest(`${key} must be an object`);
	return v;
}

export function oneOf<T extends string>(value: string | undefined, allowed: readonly T[], key: string): T | undefined {
	if (value === undefined) return undefined;
	if (!(allowed as readonly string[]).includes(value)) {
		return badRequest(`${key} must be one of ${allowed.join(', ')}`);
	}
	return value as T;
}

/** MM/DD/YYYY, as the interface's date members use; returns epoch ms (UTC midnight). */
export function parseUsDate(value: string, key: string): number {
	const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value);
	const t = m ? Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2])) : NaN;
	if (!m || Number.isNaN(t) || new Date(t).getUTCDate() !== Number(m[2])) {
		return badRequest(`${key} must be a date in the form MM/DD/YYYY`);
	}
	return t;
}

/** Skip/Top paging as GetStatus documents it: Top outside 0..2500 is treated as 2500. */
export function skipTop<T>(records: T[], body: JsonObject, includeCount = true) {
	const skip = optInt(body, 'Skip', 0) ?? 0;
	let top = typeof body.Top === 'number' && Number.isInteger(body.Top) ? body.Top : 2500;
	if (top < 0 || top > 2500) top = 2500;
	const page = records.slice(skip, skip + top);
	return {
		...(includeCount ? { TotalRecordCount: records.length } : {}),
		Skip: skip,
		Top: top,
		MoreRecords: skip + page.length < records.length,
		page,
	};
}

/** A GUID-form transaction reference identifier, deterministic per sandbox run. */
export function transactionReference(state: SandboxState): string {
	const n = state.nextSequence('txref');
	const hex = n.toString(16).padStart(12, '0');
	return `5a1d0000-0000-4000-8000-${hex}`;
}
