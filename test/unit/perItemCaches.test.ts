// What the per-item work keeps from one item to the next (the Base URL verdict, a zone's validity, a whole-number
// schema per pair of bounds) gives the same answers as working each out anew, whatever order the values come in.
import type { IExecuteFunctions, INode } from 'n8n-workflow';
import { DateTime } from 'luxon';

import { checkBaseUrl } from '../../nodes/WineFulfillment/transport/baseUrl';
import { inZone, readDate } from '../../nodes/WineFulfillment/wire/dates';
import { readInteger } from '../../nodes/WineFulfillment/actions/parameters';

describe('checkBaseUrl keeps the last address that passed', () => {
	it('a refused address is refused after a passing one, and the other way round', () => {
		const good = 'https://api.example.com/v3';
		const bad = 'https://user:secret@api.example.com/v3';
		expect(checkBaseUrl(good)).toEqual({ ok: true, url: good });
		expect(checkBaseUrl(bad).ok).toBe(false);
		expect(checkBaseUrl(good)).toEqual({ ok: true, url: good });
		expect(checkBaseUrl(`${good}/`)).toEqual({ ok: true, url: good });
		expect(checkBaseUrl('http://api.example.com/v3').ok).toBe(false);
		expect(checkBaseUrl(undefined).ok).toBe(false);
	});

	it('a caller changing the verdict it got does not change the next one', () => {
		const url = 'https://kept.example.com/v3';
		const first = checkBaseUrl(url) as { ok: boolean; url: string };
		first.url = 'https://elsewhere.example/v3';
		first.ok = false;
		expect(checkBaseUrl(url)).toEqual({ ok: true, url });
	});
});

describe('inZone knows each zone once', () => {
	it('a valid zone, an unknown one and the valid one again read a date as working it out anew would', () => {
		const inBerlin = () => inZone('Europe/Berlin', () => readDate('2026-03-01T10:00:00'));
		const inNowhere = () => inZone('Not/AZone', () => readDate('2026-03-01T10:00:00'));
		for (let round = 0; round < 2; round++) {
			expect(inBerlin()?.toISO()).toBe(DateTime.fromISO('2026-03-01T10:00:00', { zone: 'Europe/Berlin' }).toISO());
			// an unknown zone is read as UTC, as before
			expect(inNowhere()?.toISO()).toBe(DateTime.fromISO('2026-03-01T10:00:00', { zone: 'utc' }).toISO());
		}
	});
});

describe('readInteger builds one schema per pair of bounds', () => {
	const node = { id: 'n1', name: 'Wine Fulfillment', type: 'n8n-nodes-wine-fulfillment.wineFulfillment', typeVersion: 1, position: [0, 0], parameters: {} } as INode;
	const ctx = (value: unknown) =>
		({ getNode: () => node, getNodeParameter: () => value }) as unknown as IExecuteFunctions;

	it('fields that share a minimum keep their own maximum and message', () => {
		const small = { field: 'Small', min: 1, max: 5, fallback: 1 };
		const large = { field: 'Large', min: 1, max: 500, fallback: 1 };
		const open = { field: 'Open', min: 1, fallback: 1 };
		expect(readInteger(ctx(5), 'x', 0, small)).toBe(5);
		expect(readInteger(ctx(400), 'x', 0, large)).toBe(400);
		expect(readInteger(ctx(10_000_000), 'x', 0, open)).toBe(10_000_000);
		expect(() => readInteger(ctx(6), 'x', 0, small)).toThrow('Invalid "Small": must be a whole number from 1 to 5 (got 6)');
		expect(() => readInteger(ctx(501), 'x', 0, large)).toThrow('Invalid "Large": must be a whole number from 1 to 500 (got 501)');
		expect(() => readInteger(ctx(0), 'x', 0, open)).toThrow('Invalid "Open": must be a whole number of at least 1 (got 0)');
		expect(readInteger(ctx(''), 'x', 0, small)).toBe(1);
	});
});
