// The provider's tracking webhook delivery (field notes "Errors and events"): tracking_update events.
import castArray from 'lodash/castArray';
import isPlainObject from 'lodash/isPlainObject';
import type { IDataObject } from 'n8n-workflow';
import { z } from 'zod';

import { onFirstUse } from './common';
import { inSpelling } from './spellings';
import { booleanOf } from './values';

export const WEBHOOK_TAGS = [
	'Pending',
	'InfoReceived',
	'InTransit',
	'OutForDelivery',
	'AttemptFail',
	'Delivered',
	'AvailableForPickup',
	'Exception',
	'Expired',
] as const;
export type WebhookTag = (typeof WEBHOOK_TAGS)[number];

/** The documented tag `name` stands for, ignoring letter case and surrounding white space; undefined for another name. */
export function webhookTag(name: string): WebhookTag | undefined {
	const wanted = name.trim().toLowerCase();
	return WEBHOOK_TAGS.find((tag) => tag.toLowerCase() === wanted);
}

/** The members of a delivery (field notes "Errors and events") and of its msg that the trigger reads. */
const EVENT_MEMBERS = ['event', 'event_id', 'is_tracking_first_tag', 'msg'];
const MSG_MEMBERS = ['tag', 'checkpoints', 'tracking_number', 'slug', 'order_id', 'order_number'];

/**
 * A delivery with its members (and its msg's) named as the field notes spell them, whatever their letter case: a sender
 * that writes PascalCase ({"Event": …, "Event_Id": …, "Msg": {"Tag": …}}) would be refused, and the provider's retries
 * would end in the event lost. A name spelled twice (in two cases) is left as it came: which one is meant is not known.
 */
export function inEventSpelling(body: unknown): unknown {
	if (!isPlainObject(body)) return body;
	const event = inSpelling(body as IDataObject, EVENT_MEMBERS);
	return isPlainObject(event.msg) ? { ...event, msg: inSpelling(event.msg as IDataObject, MSG_MEMBERS) } : event;
}

/**
 * A UUID as a sender may write one: blanks or a line break around it, in .NET's braces ("{…}"), as RFC 9562's URN
 * ("urn:uuid:…"), or as .NET's Guid.ToString("N") (32 hex digits, no hyphens). Each is read as the hyphenated form, so a
 * redelivery in another form is the same event (bug hunt 45: refused, the event was lost after the provider's retries).
 */
const eventId = z.preprocess(
	(value) => {
		if (typeof value !== 'string') return value;
		const id = value.trim().replace(/^\{([^{}]*)\}$/, '$1').replace(/^urn:uuid:/i, '');
		return /^[0-9a-f]{32}$/i.test(id) ? id.replace(/^(.{8})(.{4})(.{4})(.{4})/, '$1-$2-$3-$4-') : id;
	},
	z.string({ required_error: 'event_id is required' }).uuid('event_id must be a UUID'),
);

/**
 * What every delivery carries: the event kind. A kind other than tracking_update is answered 2xx and ignored, whatever
 * its id looks like (refusing it would only make the provider retry it 14 times); a tracking_update's id is checked by
 * `trackingUpdate`.
 */
export const webhookEvent = onFirstUse(() =>
	z.object({
		// in any letter case, with blanks around it (TRACKING_UPDATE, "tracking_update\n"): the kind, as the tags are read
		event: z.string({ required_error: 'event is required', invalid_type_error: 'event must be text' }).transform((kind) => kind.trim().toLowerCase()),
	}),
);

/**
 * is_tracking_first_tag as the shared boolean reader reads it (true/false, 1/0, yes/no in any case); null, empty or
 * blank text is not given (false, as is the member left out). Any other value is no refusal either (it would only lose
 * the event after the provider's retries): it comes out as null, the flag unknown.
 */
const firstTag = () =>
	z.unknown().transform((value): boolean | null => {
		if (value === null || (typeof value === 'string' && value.trim() === '')) return false;
		return booleanOf(value) ?? null;
	});

/**
 * A tracking_update. Lenient where a refusal (400) would only lose the event after the provider's retries:
 * is_tracking_first_tag (firstTag); checkpoints in any form (checkpointList reads them); a tag not (yet) documented.
 * `msg` keeps every member as sent.
 */
export const trackingUpdate = onFirstUse(() =>
	z.object({
		event: z.preprocess(
			(kind) => (typeof kind === 'string' ? kind.trim().toLowerCase() : kind),
			z.literal('tracking_update', { errorMap: () => ({ message: 'event must be "tracking_update"' }) }),
		),
		event_id: eventId,
		is_tracking_first_tag: firstTag().optional(),
		msg: z
			.object(
				{
					tag: z.string({ required_error: 'msg.tag is required', invalid_type_error: 'msg.tag must be text' }),
					checkpoints: z.unknown(),
				},
				{ required_error: 'msg is required', invalid_type_error: 'msg must be an object' },
			)
			.passthrough(),
	}),
);
export type TrackingUpdate = z.infer<typeof trackingUpdate>;

/**
 * The checkpoints of msg.checkpoints that are objects: a list's objects, one object sent alone as a list of one; null,
 * text or a number hold none (msg keeps them as sent).
 */
export function checkpointList(checkpoints: unknown): IDataObject[] {
	return (Array.isArray(checkpoints) ? checkpoints : [checkpoints]).filter((checkpoint) => isPlainObject(checkpoint)) as IDataObject[];
}

const tagName = z.string().transform((name, ctx) => {
	const tag = webhookTag(name);
	if (!tag) ctx.addIssue({ code: z.ZodIssueCode.custom, message: `"${name}" is not a tag` });
	return tag as WebhookTag;
});

/**
 * The trigger's Only These Tags as tags: the list the field offers, or from an expression (a sheet, a variable)
 * a list or a comma-separated text, matched ignoring letter case and surrounding spaces. Empty: every tag.
 */
export const onlyTheseTags = onFirstUse(() =>
	z
		.union([z.string(), z.array(z.string())], { errorMap: () => ({ message: 'must be a list of tags or a comma-separated text' }) })
		.transform((value) =>
			castArray(value)
				.flatMap((text) => text.split(','))
				.map((name) => name.trim())
				.filter(Boolean),
		)
		.pipe(z.array(tagName)),
);
