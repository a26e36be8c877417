// Wire rules no other test reached: decimal numbers as text, text that is not text, 0/1 booleans, signed whole numbers
// as text, identifiers' bounds, root and list paths in the panel's words, dates from an expression's invalid DateTime,
// the zone cache's bound, an address equal up to missing members, codes without a label and the order of code options,
// and refusals worded by a schema's own error map.
import { DateTime } from 'luxon';

import { validationStatus } from '../../nodes/WineFulfillment/wire/commerce';
import { inZone, isoDateTime, readDate, usDate } from '../../nodes/WineFulfillment/wire/dates';
import { CARRIER_LABELS, codeOptions, warehouseOptions } from '../../nodes/WineFulfillment/wire/labels';
import { fieldOf } from '../../nodes/WineFulfillment/wire/paths';
import { createSkuRequest } from '../../nodes/WineFulfillment/wire/product';
import { createSalesOrderRequest } from '../../nodes/WineFulfillment/wire/salesOrder';
import { dateTimeRange, getPackagesRequest } from '../../nodes/WineFulfillment/wire/tracking';
import { booleanOf, booleanValue, decimalNumber, identifier, textValue, wholeNumber } from '../../nodes/WineFulfillment/wire/values';

import { outcome } from './schemaResults';

describe('wire/values: decimalNumber', () => {
	it.each([
		['12.5', 12.5],
		['12', 12],
		['12.25', 12.25],
		['12.', 12],
		['.25', 0.25],
		['-3', -3],
		['+2.5', 2.5],
		['  12.5  ', 12.5],
		['\t7\n', 7],
	])('reads the text %j as %d', (text, n) => {
		expect(outcome(decimalNumber, text)).toBe(`accepted ${n}`);
	});

	it('takes a finite number as it is', () => {
		expect(outcome(decimalNumber, -0.5)).toBe('accepted -0.5');
	});

	it.each([['1e5'], ['12e3'], ['0x10'], ['1.2.3'], ['12 5'], ['abc'], ['12.5x'], ['x12.5'], [''], ['  '], ['.'], ['-'], ['Infinity']])(
		'refuses the text %j: decimal notation only',
		(text) => {
			expect(outcome(decimalNumber, text)).toBe(': must be a number such as 12.5');
		},
	);

	it.each([[true], [false], [null], [['12']], [{ value: 12 }], [Number.NaN], [Number.POSITIVE_INFINITY], [undefined]])(
		'refuses %p, which is neither a number nor decimal text',
		(value) => {
			expect(outcome(decimalNumber, value)).toBe(': must be a number such as 12.5');
		},
	);
});

describe('wire/values: textValue', () => {
	it('takes text as it is and a finite number as text', () => {
		expect(outcome(textValue, ' Napa ')).toBe('accepted " Napa "');
		expect(outcome(textValue, 12)).toBe('accepted "12"');
	});

	it('says what came instead of text', () => {
		expect(outcome(textValue, undefined)).toBe(': is required');
		expect(outcome(textValue, null)).toBe(': must be text, not null');
		expect(outcome(textValue, ['a'])).toBe(': must be text, not a list');
		expect(outcome(textValue, { a: 1 })).toBe(': must be text, not an object');
		expect(outcome(textValue, true)).toBe(': must be text, not boolean');
		expect(outcome(textValue, Number.NaN)).toBe(': must be text, not number');
	});
});

describe('wire/values: booleanValue, wholeNumber and identifier', () => {
	it('reads the numbers 1 and 0 as true and false; a missing value is required, not a wrong one', () => {
		expect(outcome(booleanValue, 1)).toBe('accepted true');
		expect(outcome(booleanValue, 0)).toBe('accepted false');
		expect(outcome(booleanValue, undefined)).toBe(': is required');
	});

	it('booleanOf (the reading booleanValue checks by, and answers\' flags are read by): a yes/no, else undefined', () => {
		const read = [true, false, 1, 0, ' TRUE ', 'False', 'yes', 'NO', '1', '0'].map(booleanOf);
		expect(read).toEqual([true, false, true, false, true, false, true, false, true, false]);
		for (const other of [undefined, null, '', ' ', 2, -1, 'y', 'n', 'on', 'off', '1e0', 1.0000001, [], {}, [true]]) expect(booleanOf(other)).toBeUndefined();
		expect(outcome(booleanValue, 'maybe')).toBe(': must be true or false (or yes/no, 1/0)');
	});

	it('a whole number: a sign in text is read, and a missing value is required', () => {
		const n = wholeNumber({ min: -10, max: 10 });
		expect(outcome(n, '-3')).toBe('accepted -3');
		expect(outcome(n, ' +5 ')).toBe('accepted 5');
		expect(outcome(n, undefined)).toBe(': is required');
	});

	it('an identifier names its bounds and refuses control characters', () => {
		expect(outcome(identifier(), 'x'.repeat(51))).toBe(': must be at most 50 characters');
		expect(outcome(identifier(), ' ')).toBe(': is required');
		expect(outcome(identifier(10, 3), 'ab')).toBe(': must be 3 to 10 characters');
		expect(outcome(identifier(10, 3), 'abcdefghijk')).toBe(': must be 3 to 10 characters');
		expect(outcome(identifier(), 'A\tB')).toBe(': must not contain control characters (tabs, line breaks)');
	});
});

describe('wire/paths: fieldOf at the root and in an unnamed list', () => {
	it('names the whole body by its label, else "request"', () => {
		expect(fieldOf([], { '': 'Sales Order' })).toBe('Sales Order');
		expect(fieldOf([], {})).toBe('request');
	});

	it('names a member no label knows by its wire name', () => {
		expect(fieldOf(['ClientReferenceCode'], {})).toBe('ClientReferenceCode');
		expect(fieldOf(['Address', 'City'], { '': 'Address' })).toBe('Address.City');
	});

	it('names a line of a list by the list key, or "Items" when the list is the body itself', () => {
		expect(fieldOf([0, 'ItemNo'], {})).toBe('Items line 1 → ItemNo');
		expect(fieldOf([2], {})).toBe('Items line 3');
		expect(fieldOf(['Lines', 1, 'Sku'], {})).toBe('Lines line 2 → Sku');
	});
});

describe('wire/dates: a date that is not valid is no date', () => {
	it('refuses an invalid luxon DateTime (an expression such as DateTime.fromISO of bad text)', () => {
		const invalid = DateTime.fromISO('not a date');
		expect(invalid.isValid).toBe(false);
		expect(readDate(invalid)).toBeUndefined();
		const rule = ': must be a date: pick one, or give ISO 8601 (2026-03-01) or MM/DD/YYYY';
		expect(outcome(isoDateTime, invalid)).toBe(rule);
		expect(outcome(usDate, invalid)).toBe(rule);
		expect(outcome(dateTimeRange, { from: invalid, to: DateTime.utc(2026, 3, 1) })).toBe(`from${rule}`);
	});

	it('refuses an invalid Date and epoch milliseconds beyond the range of dates', () => {
		expect(readDate(new Date('garbage'))).toBeUndefined();
		expect(readDate(8.64e15 + 1)).toBeUndefined();
		expect(outcome(isoDateTime, new Date('garbage'))).toMatch(/^: must be a date/);
		expect(outcome(usDate, 8.64e15 + 1)).toMatch(/^: must be a date/);
	});

	it('still reads a valid DateTime, Date and epoch milliseconds', () => {
		expect(outcome(isoDateTime, DateTime.fromISO('2026-03-01T10:00:00Z'))).toBe('accepted "2026-03-01T10:00:00Z"');
		expect(outcome(isoDateTime, new Date('2026-03-01T10:00:00Z'))).toBe('accepted "2026-03-01T10:00:00Z"');
		expect(outcome(usDate, Date.UTC(2026, 2, 1))).toBe('accepted "03/01/2026"');
	});
});

describe('wire/dates: the zone names looked up', () => {
	afterEach(() => jest.restoreAllMocks());

	it('asks luxon once per zone name, and forgets every name after 64, so that the memory stays bounded', () => {
		const lookups = jest.spyOn(DateTime, 'local');
		const instant = Date.UTC(2026, 2, 1, 2);
		const read = (zone: string) => inZone(zone, () => usDate.parse(instant));
		// 02:00 UTC on 1 March is still 28 February in Denver: an instant is shown in the zone
		expect(read('America/Denver')).toBe('02/28/2026');
		expect(read('America/Denver')).toBe('02/28/2026');
		expect(lookups).toHaveBeenCalledTimes(1);
		// 64 other names (unknown ones: dates are then read in UTC) fill the memory and empty it
		for (let i = 0; i < 64; i++) expect(read(`Nowhere/Zone${i}`)).toBe('03/01/2026');
		expect(lookups).toHaveBeenCalledTimes(65);
		expect(read('America/Denver')).toBe('02/28/2026');
		expect(lookups).toHaveBeenCalledTimes(66);
	});
});

describe('wire/dates: the input zone', () => {
	const instant = Date.UTC(2026, 2, 1, 2);

	it('remembers a zone name while others are looked up (the memory is emptied only when full)', () => {
		const lookups = jest.spyOn(DateTime, 'local');
		inZone('Asia/Tokyo', () => usDate.parse(instant));
		inZone('Nowhere/Else', () => usDate.parse(instant));
		expect(inZone('Asia/Tokyo', () => usDate.parse(instant))).toBe('03/01/2026');
		expect(lookups).toHaveBeenCalledTimes(2);
		lookups.mockRestore();
	});

	it('shows a Date in the input zone', () => {
		expect(inZone('America/Denver', () => usDate.parse(new Date(instant)))).toBe('02/28/2026');
	});

	it('reads MM/DD/YYYY, with or without a time, in the input zone', () => {
		expect(inZone('America/Denver', () => isoDateTime.parse('03/01/2026'))).toBe('2026-03-01T07:00:00Z');
		expect(inZone('America/Denver', () => isoDateTime.parse('03/01/2026 08:30:00'))).toBe('2026-03-01T15:30:00Z');
	});

	it('keeps the calendar day of a date-time written with an offset (ISO 8601 or RFC 2822)', () => {
		expect(usDate.parse('2026-03-01T23:30:00-08:00')).toBe('03/01/2026');
		expect(usDate.parse('Sun, 01 Mar 2026 01:30:00 +1400')).toBe('03/01/2026');
	});

	it('reads in UTC again once the validation ends, also when it refuses the value', () => {
		expect(inZone('America/Denver', () => usDate.parse(instant))).toBe('02/28/2026');
		expect(usDate.parse(instant)).toBe('03/01/2026');
		expect(() => inZone('America/Denver', () => usDate.parse('soon'))).toThrow(/must be a date/);
		expect(usDate.parse(instant)).toBe('03/01/2026');
	});
});

describe('wire/commerce: validation status from the first candidate', () => {
	it('counts a member missing on both sides as equal, and a member missing on one side as a change', () => {
		const sent = { StreetLines: ['1 Main St'], City: 'Napa', State: 'CA' };
		const candidate = (address: Record<string, unknown>) => ({ AddressCandidates: [{ CandidateAddressFormat: address }] });
		expect(validationStatus(candidate({ StreetLines: ['1 MAIN ST'], City: 'Napa', State: 'ca' }), sent)).toBe('valid');
		expect(validationStatus(candidate({ StreetLines: ['1 Main St'], City: 'Napa', State: 'CA', ZipCode: '94558' }), sent)).toBe('corrected');
		expect(validationStatus(candidate({ StreetLines: ['1 Main St'], City: 'Napa' }), sent)).toBe('corrected');
	});
});

describe('wire/labels: codeOptions', () => {
	it('shows a code without a label as "Code <code>", sorted among the named ones', () => {
		expect(codeOptions(['UPS', 'ZZZ', 'BSW'], CARRIER_LABELS)).toEqual([
			{ name: 'Carrier Code BSW', value: 'BSW', description: CARRIER_LABELS.BSW.description },
			{ name: 'Code ZZZ', value: 'ZZZ' },
			{ name: 'United Parcel Service (UPS)', value: 'UPS' },
		]);
	});

	it('names a warehouse by its code and sorts by name whatever the case; names equal but for case keep their order', () => {
		expect(warehouseOptions(['b', 'C', 'a'])).toEqual([
			{ name: 'Warehouse a', value: 'a' },
			{ name: 'Warehouse b', value: 'b' },
			{ name: 'Warehouse C', value: 'C' },
		]);
		expect(warehouseOptions(['ab', 'AB']).map((o) => o.value)).toEqual(['ab', 'AB']);
		expect(warehouseOptions(['AB', 'ab']).map((o) => o.value)).toEqual(['AB', 'ab']);
	});
});

describe('wire schemas: refusals worded by their own error maps', () => {
	const sku = (requestor: Record<string, unknown>, info: Record<string, unknown> = {}) => ({
		RequestorInfo: { FirstName: 'A', LastName: 'B', ...requestor },
		SKUInfo: { ItemNo: 'SKU-1', ItemCategory: 'Merchandise', ...info },
	});

	it('SKU: a missing or null requestor e-mail is required (not an invalid address); a wrong one is invalid', () => {
		expect(outcome(createSkuRequest, sku({}))).toBe('RequestorInfo.EmailAddress: is required');
		expect(outcome(createSkuRequest, sku({ EmailAddress: null }))).toBe('RequestorInfo.EmailAddress: is required');
		expect(outcome(createSkuRequest, sku({ EmailAddress: 'nobody' }))).toBe('RequestorInfo.EmailAddress: must be a valid e-mail address, such as name@example.com');
	});

	it('SKU: the inventory management type names the allowed values', () => {
		const requestor = { EmailAddress: 'a@example.com' };
		expect(outcome(createSkuRequest, sku(requestor, { InventoryManagementType: 'Shelf' }))).toBe(
			'SKUInfo.InventoryManagementType: must be one of ServiceManagedStorage, ClientManagedStorage, VirtualItems',
		);
		expect(outcome(createSkuRequest, sku(requestor, { InventoryManagementType: 'VirtualItems' }))).toMatch(/^accepted /);
	});

	it('Sales order: an order without its order info (e.g. replaced by null in Additional Fields) says it is required', () => {
		expect(outcome(createSalesOrderRequest, {})).toBe('OrderInfo: is required');
		expect(outcome(createSalesOrderRequest, { OrderInfo: null })).toBe('OrderInfo: is required');
	});

	it('Get Packages: a carrier code outside the list names the allowed codes', () => {
		expect(outcome(getPackagesRequest, { ShippingCarrier: 'DHL' })).toBe('ShippingCarrier: must be one of FEX, UPS, BSW, GSO, WIL, FCC, TMC, WST, WILL');
		expect(outcome(getPackagesRequest, { ShippingCarrier: 'GSO' })).toBe('accepted {"ShippingCarrier":"GSO"}');
	});
});
