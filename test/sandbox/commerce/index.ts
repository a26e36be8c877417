// Sandbox Commerce endpoints: address validation with deterministic candidates, carrier locations with coordinates.
import {
	badRequest,
	ok,
	oneOf,
	optBool,
	optInt,
	optObject,
	optString,
	optStringList,
	reqString,
	skipTop,
	transactionReference,
	type Json,
	type JsonObject,
	type RequestContext,
	type SandboxResource,
} from '../frame';

// ---- the carrier-location catalogue ----

interface Place {
	City: string;
	State: string;
	ZipCode: string;
	lat: number;
	lon: number;
}

/** ZIP centroids the sandbox knows; locations sit around them. */
export const PLACES: Place[] = [
	{ City: 'Napa', State: 'CA', ZipCode: '94558', lat: 38.2975, lon: -122.2869 },
	{ City: 'Sonoma', State: 'CA', ZipCode: '95476', lat: 38.2919, lon: -122.458 },
	{ City: 'San Francisco', State: 'CA', ZipCode: '94103', lat: 37.7725, lon: -122.4091 },
	{ City: 'Portland', State: 'OR', ZipCode: '97205', lat: 45.5202, lon: -122.6742 },
	{ City: 'Chicago', State: 'IL', ZipCode: '60601', lat: 41.8858, lon: -87.6181 },
	{ City: 'New York', State: 'NY', ZipCode: '10001', lat: 40.7506, lon: -73.9972 },
	{ City: 'Austin', State: 'TX', ZipCode: '78701', lat: 30.2711, lon: -97.7437 },
];

const LOCATION_TYPES: Record<string, string[]> = {
	FEX: ['FEDEX_OFFICE', 'FEDEX_ONSITE', 'FEDEX_SHIP_CENTER'],
	UPS: ['UPS_STORE', 'ACCESS_POINT', 'CUSTOMER_CENTER'],
};

export interface SandboxLocation {
	IsAlcoholShipmentAllowed: boolean;
	LocationId: string;
	StoreNumber: string;
	LocationType: string;
	Address: {
		CompanyName: string;
		StreetLines: string[];
		City: string;
		State: string;
		ZipCode: string;
		Country: string;
		GeographicCoordinates: { Latitude: number; Longitude: number };
	};
	BusinessHours: Array<{ DayOfWeek: string; Open: string; Close: string }>;
	PhoneNumber: string;
	EmailAddress: string;
}

const round = (v: number, places: number) => Math.round(v * 10 ** places) / 10 ** places;

/**
 * Nine locations per carrier around each place: location k lies 0.5 + 1.5k miles away at a bearing
 * of 40k degrees; every third (k = 1, 4, 7) does not accept alcohol shipments.
 */
function buildLocations(): SandboxLocation[] {
	const out: SandboxLocation[] = [];
	let store = 1000;
	for (const place of PLACES) {
		for (const carrier of ['FEX', 'UPS']) {
			for (let k = 0; k < 9; k++) {
				const miles = 0.5 + 1.5 * k;
				const bearing = (40 * k * Math.PI) / 180;
				const lat = place.lat + (miles / 69.0) * Math.cos(bearing);
				const lon = place.lon + (miles / (69.0 * Math.cos((place.lat * Math.PI) / 180))) * Math.sin(bearing);
				store += 1;
				out.push({
					IsAlcoholShipmentAllowed: k % 3 !== 1,
					LocationId: `${carrier}-${place.ZipCode}-${k}`,
					StoreNumber: String(store),
					LocationType: LOCATION_TYPES[carrier][k % 3],
					Address: {
						CompanyName: `${carrier} Pickup ${store}`,
						StreetLines: [`${100 + 10 * k} Market Street`],
						City: place.City,
						State: place.State,
						ZipCode: place.ZipCode,
						Country: 'US',
						GeographicCoordinates: { Latitude: round(lat, 5), Longitude: round(lon, 5) },
					},
					BusinessHours: [
						...['MON', 'TUE', 'WED', 'THU', 'FRI'].map((d) => ({ DayOfWeek: d, Open: '08:00', Close: '19:00' })),
						{ DayOfWeek: 'SAT', Open: '09:00', Close: '17:00' },
						...(k % 2 === 0 ? [{ DayOfWeek: 'SUN', Open: '10:00', Close: '16:00' }] : []),
					],
					PhoneNumber: `555-01${String(store % 100).padStart(2, '0')}`,
					EmailAddress: `store${store}@pickup.example.com`,
				});
			}
		}
	}
	return out;
}

/** The fixed catalogue (the same in every sandbox run). */
export const LOCATIONS: readonly SandboxLocation[] = buildLocations();

/** Great-circle distance in miles. */
function miles(aLat: number, aLon: number, bLat: number, bLon: number): number {
	const rad = (d: number) => (d * Math.PI) / 180;
	const h =
		Math.sin(rad(bLat - aLat) / 2) ** 2 +
		Math.cos(rad(aLat)) * Math.cos(rad(bLat)) * Math.sin(rad(bLon - aLon) / 2) ** 2;
	return 2 * 3958.8 * Math.asin(Math.sqrt(h));
}

const distanceTo = (loc: SandboxLocation, lat: number, lon: number) =>
	miles(lat, lon, loc.Address.GeographicCoordinates.Latitude, loc.Address.GeographicCoordinates.Longitude);

const zipCentre = (zip: string | undefined) => PLACES.find((p) => p.ZipCode === zip?.slice(0, 5));

function optNumber(body: JsonObject, key: string, min?: number, max?: number): number | undefined {
	const v = body[key];
	if (v === undefined || v === null) return undefined;
	if (typeof v !== 'number' || !Number.isFinite(v)) return badRequest(`${key} must be a number`);
	if ((min !== undefined && v < min) || (max !== undefined && v > max)) {
		return badRequest(`${key} must be between ${min} and ${max}`);
	}
	return v;
}

const wire = (v: unknown) => v as Json;

/** A GetCarrierLocations record (field notes' member list): less the contact members only PAL details carry. */
export function locationRecord(l: SandboxLocation): JsonObject {
	const { IsAlcoholShipmentAllowed, LocationId, StoreNumber, LocationType, Address, BusinessHours } = l;
	return wire({ IsAlcoholShipmentAllowed, LocationId, StoreNumber, LocationType, Address, BusinessHours }) as JsonObject;
}

// ---- GetCarrierLocations ----

/**
 * Filters: carrier; City and State (case-insensitive); ZipCode, with SearchRadius around the ZIP's
 * centre when the sandbox knows it (exact ZIP otherwise); Latitude and Longitude together, with
 * SearchRadius (default 25 miles). Sorted by distance from the centre when there is one.
 */
function getCarrierLocations({ body, state }: RequestContext) {
	const carrier = oneOf(optString(body, 'ShippingCarrier'), ['FEX', 'UPS'] as const, 'ShippingCarrier');
	const city = optString(body, 'City')?.trim().toLowerCase();
	const st = optString(body, 'State')?.trim().toUpperCase();
	const zip = optString(body, 'ZipCode')?.trim();
	const radius = optNumber(body, 'SearchRadius', 0, 500);
	const lat = optNumber(body, 'Latitude', -90, 90);
	const lon = optNumber(body, 'Longitude', -180, 180);
	if ((lat === undefined) !== (lon === undefined)) badRequest('Latitude and Longitude must be given together');

	const zipPlace = zip && radius !== undefined ? zipCentre(zip) : undefined;
	const centre = lat !== undefined && lon !== undefined ? { lat, lon } : zipPlace;
	const reach = lat !== undefined ? (radius ?? 25) : radius;
	const matching = LOCATIONS.filter(
		(l) =>
			(!carrier || l.LocationId.startsWith(`${carrier}-`)) &&
			(!city || l.Address.City.toLowerCase() === city) &&
			(!st || l.Address.State === st) &&
			(!zip || zipPlace || l.Address.ZipCode === zip) &&
			(!centre || reach === undefined || distanceTo(l, centre.lat, centre.lon) <= reach),
	);
	if (centre) {
		matching.sort((a, b) => distanceTo(a, centre.lat, centre.lon) - distanceTo(b, centre.lat, centre.lon));
	}
	const { page, ...counters } = skipTop(matching, body, true);
	return ok({ TransactionReferenceNumber: transactionReference(state), ...counters, CarrierLocations: wire(page.map(locationRecord)) });
}

// ---- Address/Validation ----

const ABBREVIATIONS: Record<string, string> = {
	st: 'Street',
	ave: 'Avenue',
	av: 'Avenue',
	rd: 'Road',
	blvd: 'Boulevard',
	dr: 'Drive',
	ln: 'Lane',
	ct: 'Court',
	hwy: 'Highway',
	ste: 'Suite',
	apt: 'Apartment',
	n: 'North',
	s: 'South',
	e: 'East',
	w: 'West',
};

const COMMERCIAL = /\b(suite|ste|inc|llc|ltd|corp|company|winery|vineyards?|plaza|floor|fl|office|building|bldg)\b/i;

const titleWord = (w: string) => (/\d/.test(w) ? w.toUpperCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

/** Standard street form: abbreviations spelled out (St. → Street), words in title case. */
function standardLine(line: string): string {
	return line
		.trim()
		.split(/\s+/)
		.map((w) => ABBREVIATIONS[w.replace(/\.$/, '').toLowerCase()] ?? titleWord(w.replace(/\.$/, '')))
		.join(' ');
}

const pseudoPlus4 = (text: string) => {
	let h = 7;
	for (const c of text) h = (h * 31 + c.charCodeAt(0)) % 10_000;
	return String(h).padStart(4, '0');
};

/**
 * Deterministic verdict: 'Invalid' unless the ZIP has 5 digits (or ZIP+4), City and a two-letter
 * State are present and line 1 has a house number. Otherwise the standard form (spelled-out
 * abbreviations, title case, upper-case state) is the first candidate: 'Valid' when it equals
 * what was sent, 'Corrected' when it differs; a second candidate adds a ZIP+4. Classification:
 * 'Commercial' when a street line names a suite, floor, company or winery, else 'Residential'
 * ('Unknown' for an invalid address).
 */
function validateAddress({ body, state }: RequestContext) {
	reqString(body, 'ClientReferenceCode', 36);
	const carrier = oneOf(reqString(body, 'ShippingCarrier'), ['FEX', 'UPS', 'Other'] as const, 'ShippingCarrier');
	const address = optObject(body, 'Address') ?? badRequest('Address is required');
	const lines = (optStringList(address, 'StreetLines') ?? []).filter((l) => l.trim());
	if (!lines.length) badRequest('Address.StreetLines needs at least one line');
	const city = optString(address, 'City')?.trim() ?? '';
	const st = optString(address, 'State')?.trim() ?? '';
	const zip = optString(address, 'ZipCode')?.trim() ?? '';
	const country = optString(address, 'Country')?.trim() || 'US';
	const maxCandidates = optInt(body, 'MaxCandidateListSize', 1) ?? badRequest('MaxCandidateListSize is required');
	const pal = optObject(body, 'PALRequest');
	const includePal = pal ? optBool(pal, 'IncludePAL') === true : false;
	const palRadius = pal ? (optNumber(pal, 'SearchRadius', 0, 500) ?? 10) : 10;
	const palMax = pal ? (optInt(pal, 'MaxPALListSize', 1) ?? 5) : 5;

	const valid = /^\d{5}(-\d{4})?$/.test(zip) && city !== '' && /^[A-Za-z]{2}$/.test(st) && /\d/.test(lines[0]);
	const result: JsonObject = { TransactionReferenceNumber: transactionReference(state) };
	if (!valid) {
		Object.assign(result, { AddressValidationIndicator: 'Invalid', AddressClassificationIndicator: 'Unknown', AddressCandidates: [] });
	} else {
		const standard = {
			StreetLines: lines.map(standardLine),
			City: city.split(/\s+/).map(titleWord).join(' '),
			State: st.toUpperCase(),
			ZipCode: zip,
			Country: country.toUpperCase(),
		};
		const same = JSON.stringify([standard.StreetLines, standard.City, standard.State]) === JSON.stringify([lines, city, st]);
		const kind = lines.some((l) => COMMERCIAL.test(l)) ? 'Commercial' : 'Residential';
		const candidates = [standard, ...(zip.length === 5 ? [{ ...standard, ZipCode: `${zip}-${pseudoPlus4(standard.StreetLines.join(' '))}` }] : [])];
		Object.assign(result, {
			AddressValidationIndicator: same ? 'Valid' : 'Corrected',
			AddressClassificationIndicator: kind,
			AddressCandidates: candidates
				.slice(0, maxCandidates)
				.map((c) => ({ AddressClassificationIndicator: kind, CandidateAddressFormat: c })),
		});
	}
	if (includePal) result.PALDetails = wire(pickupLocations(carrier, zip, palRadius, palMax));
	return ok(result);
}

/** PAL details: the carrier's (both for Other) alcohol-friendly locations within the radius of the ZIP, nearest first. */
function pickupLocations(carrier: string | undefined, zip: string, radius: number, max: number) {
	const centre = zipCentre(zip);
	if (!centre) return [];
	return LOCATIONS.filter((l) => carrier === 'Other' || l.LocationId.startsWith(`${carrier}-`))
		.map((l) => ({ l, d: distanceTo(l, centre.lat, centre.lon) }))
		.filter(({ l, d }) => d <= radius && l.IsAlcoholShipmentAllowed)
		.sort((a, b) => a.d - b.d)
		.slice(0, max)
		.map(({ l, d }) => ({
			LocationId: l.LocationId,
			StoreNumber: l.StoreNumber,
			Distance: round(d, 2),
			CompanyName: l.Address.CompanyName,
			LocationType: l.LocationType,
			Address: {
				StreetLines: l.Address.StreetLines,
				City: l.Address.City,
				State: l.Address.State,
				ZipCode: l.Address.ZipCode,
				Country: l.Address.Country,
			},
			PhoneNumber: l.PhoneNumber,
			EmailAddress: l.EmailAddress,
		}));
}

export const commerce: SandboxResource = {
	routes: [
		{ method: 'POST', path: '/api/Address/Validation', auth: 'Authentication', handler: validateAddress },
		{ method: 'POST', path: '/api/Address/GetCarrierLocations', auth: 'Authentication', handler: getCarrierLocations },
	],
};
