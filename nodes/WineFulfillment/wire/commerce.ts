// Commerce wire schemas and result readers (docs/interface.md "Commerce (addresses)").
import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { onFirstUse } from './common';
import { booleanOf, booleanValue, decimalNumber, enumOf, identifier, optionalText, textValue, wholeNumber, withPostalCode, zipCode } from './values';

/** ShippingCarrier of Address/Validation. */
export const VALIDATION_CARRIERS = ['FEX', 'UPS', 'Other'] as const;

/** ShippingCarrier of GetCarrierLocations. */
export const LOCATION_CARRIERS = ['FEX', 'UPS'] as const;

export const MAX_CLIENT_REFERENCE_LENGTH = 36;

/** Most address candidates or pickup locations the node asks for (the interface states no bound). */
export const MAX_CANDIDATES = 100;

/** Member of the GetCarrierLocations answer that holds the records. */
export const LOCATION_RECORDS = 'CarrierLocations';

/** Largest GetCarrierLocations page the node asks for (the interface states no bound). */
export const MAX_LOCATIONS_TOP = 100;

/**
 * An address as Validation and GetDeliveryEstimates take it: StreetLines (at least one), City, State, ZipCode (a US ZIP
 * code, see values.ts zipCode; a number outside the US is its own digits, withPostalCode), Country.
 */
export const streetAddress = onFirstUse(() =>
	withPostalCode(
		z
			.object(
				{
					StreetLines: z
						.array(textValue.pipe(z.string().trim().min(1, 'must not be empty')), { required_error: 'is required' })
						.min(1, 'needs at least one street line'),
					City: optionalText,
					State: optionalText,
					ZipCode: zipCode,
					Country: optionalText,
				},
				{ required_error: 'is required' },
			)
			.passthrough(),
	)
);

/** The members of Validation whose bounds are ours (the interface gives none): Additional Fields (JSON) may replace them. */
export const VALIDATE_ADDRESS_OURS = [['MaxCandidateListSize'], ['PALRequest', 'MaxPALListSize']] as const;

/** POST /api/Address/Validation body. */
export const validateAddressRequest = onFirstUse(() =>
	z
		.object({
			ClientReferenceCode: identifier(MAX_CLIENT_REFERENCE_LENGTH),
			ShippingCarrier: enumOf(VALIDATION_CARRIERS),
			Address: streetAddress,
			MaxCandidateListSize: wholeNumber({ min: 1, max: MAX_CANDIDATES }),
			PALRequest: z
				.object({
					IncludePAL: booleanValue,
					SearchRadius: decimalNumber.pipe(z.number().positive('must be more than 0')).optional(),
					MaxPALListSize: wholeNumber({ min: 1, max: MAX_CANDIDATES }).optional(),
				})
				.passthrough()
				.optional(),
		})
		.passthrough()
);
export type ValidateAddressRequest = z.infer<typeof validateAddressRequest>;

/** POST /api/Address/GetCarrierLocations filters (paging members are added per page). */
export const carrierLocationsRequest = onFirstUse(() =>
	z
		.object({
			ShippingCarrier: enumOf(LOCATION_CARRIERS),
			City: optionalText,
			State: optionalText,
			ZipCode: zipCode,
			SearchRadius: decimalNumber.pipe(z.number().positive('must be more than 0')).optional(),
			Latitude: decimalNumber
				.pipe(z.number().min(-90, 'must be between -90 and 90')
				.max(90, 'must be between -90 and 90'))
				.optional(),
			Longitude: decimalNumber
				.pipe(z.number().min(-180, 'must be between -180 and 180')
				.max(180, 'must be between -180 and 180'))
				.optional(),
		})
		.passthrough()
		.superRefine((body, ctx) => {
			if ((body.Latitude === undefined) === (body.Longitude === undefined)) return;
			const missing = body.Latitude === undefined ? 'Latitude' : 'Longitude';
			ctx.addIssue({ code: z.ZodIssueCode.custom, path: [missing], message: 'is required together with Latitude and Longitude: give both' });
		})
);

// ---- what a workflow branches on ----

export type ValidationStatus = 'valid' | 'corrected' | 'invalid';
export type Classification = 'residential' | 'commercial' | 'unknown';

const word = (v: unknown) =>
	// Stryker disable next-line StringLiteral: a missing indicator reads as no word; other text that is no word of the lists (Stryker's marker) gives the same answers
	String(v ?? '')
		.toLowerCase()
		.replace(/[^a-z]/g, '');

/**
 * AddressValidationIndicator values by meaning; the interface does not list them, so the words a value is made of are
 * read ("Invalid Address", "ADDRESS_NOT_FOUND", "ExactMatch"), a denial before anything else: "Not Deliverable",
 * "NON_DELIVERABLE" and "INVALID_ADDRESS" must never turn into "valid" by the candidate comparison below. Its name
 * says yes or no, so Y/N are read here too (a boolean, true/false, yes/no and 1/0 are read before the words:
 * validationStatus).
 */
const STATUS_WORDS: Array<[ValidationStatus, RegExp]> = [
	// a word denied by non-, un- or in- ("NON_DELIVERABLE", "Unconfirmed", "Inexact Match") or a mismatch
	// ("ZIP_CODE_MISMATCH") before the valid words it holds; a match of part of
	// the address or of several is no address to ship to as it is: a person picks (an ambiguous match, read as the
	// first candidate, could ship to the wrong door)
	[
		'invalid',
		/^n$|invalid|incorrect|not|nomatch|mismatch|inexact|(?:non|un)(?:valid|verif|resolv|confirm|deliver|match|exact)|ambiguous|partial|multiple|fail|error|reject/,
	],
	['corrected', /correct|standardi[sz]|modif|chang|suggest|amend/],
	['valid', /^y$|valid|verified|resolved|confirm|exact|deliverable|match/],
];
const sameAddress = (a: IDataObject | undefined, b: IDataObject) =>
	!!a &&
	['StreetLines', 'City', 'State', 'ZipCode'].every(
		(k) => JSON.stringify(a[k] ?? '').toUpperCase() === JSON.stringify(b[k] ?? '').toUpperCase(),
	);

/**
 * valid / corrected / invalid from AddressValidationIndicator (a word, or a yes/no: see STATUS_WORDS); when the
 * indicator is absent or unknown: no candidate = invalid, a first candidate equal to what was sent = valid, else
 * corrected.
 */
export function validationStatus(body: IDataObject, sent: IDataObject): ValidationStatus {
	// a yes/no as the node reads every one: 1/0 too (the interface's own yes/no members are 0/1), which has no word in it
	const yesNo = booleanOf(body.AddressValidationIndicator);
	if (yesNo !== undefined) return yesNo ? 'valid' : 'invalid';
	const indicator = word(body.AddressValidationIndicator);
	const read = indicator && STATUS_WORDS.find(([, words]) => words.test(indicator));
	if (read) return read[0];
	const candidates = Array.isArray(body.AddressCandidates) ? (body.AddressCandidates as IDataObject[]) : [];
	if (!candidates.length) return 'invalid';
	return sameAddress(candidates[0].CandidateAddressFormat as IDataObject | undefined, sent) ? 'valid' : 'corrected';
}

/** A member left blank ("", spaces) reads as absent, as null does. */
const given = (v: unknown) => (typeof v === 'string' && !v.trim() ? undefined : v);

/** residential / commercial / unknown from AddressClassificationIndicator (the first candidate's when absent or blank). */
export function classification(body: IDataObject): Classification {
	const candidates = Array.isArray(body.AddressCandidates) ? (body.AddressCandidates as IDataObject[]) : [];
	const indicator = word(given(body.AddressClassificationIndicator) ?? candidates[0]?.AddressClassificationIndicator);
	if (['residential', 'residence', 'home'].includes(indicator)) return 'residential';
	if (['commercial', 'business'].includes(indicator)) return 'commercial';
	return 'unknown';
}
