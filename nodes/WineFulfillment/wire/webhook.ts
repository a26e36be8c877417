// The provider's tracking webhook delivery (field notes "Errors and events"): tracking_update events.
import castArray from 'lodash/castArray';
import { z } from 'zod';

import { onFirstUse } from './common';

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

const eventId = z.string({ required_error: 'event_id is required' }).uuid('event_id must be a UUID');

/**
 * What every delivery carries: the event kind and its id. A kind other than tracking_update is answered 2xx and
 * ignored (refusing it would only make the provider retry it 14 times).
 */
export const webhookEvent = onFirstUse(() =>
	z.object({
		event: z.string({ required_error: 'event is required', invalid_type_error: 'event must be text' }),
		event_id: eventId,
	}),
);

/**
 * A tracking_update. Lenient where a refusal (400) would only lose the event after the provider's retries:
 * is_tracking_first_tag as a boolean, the text true/false in any case, or null (false); checkpoints null; a tag
 * not (yet) documented. `msg` keeps every member as sent.
 */
export const trackingUpdate = onFirstUse(() =>
	z.object({
		event: z.literal('tracking_update', { errorMap: () => ({ message: 'event must be "tracking_update"' }) }),
		event_id: eventId,
		is_tracking_first_tag: z
			.union(
				[
					z.boolean(),
					z.null().transform(() => false),
					z
						.string()
						.trim()
						.toLowerCase()
						.pipe(z.enum(['true', 'false']))
						.transform((text) => text === 'true'),
				],
				{ errorMap: () => ({ message: 'is_tracking_first_tag must be true or false' }) },
			)
			.optional(),
		msg: z
			.object(
				{
					tag: z.string({ required_error: 'msg.tag is required', invalid_type_error: 'msg.tag must be text' }),
					checkpoints: z.array(z.unknown(), { invalid_type_error: 'msg.checkpoints must be a list' }).nullish(),
				},
				{ required_error: 'msg is required', invalid_type_error: 'msg must be an object' },
			)
			.passthrough(),
	}),
);
export type TrackingUpdate = z.infer<typeof trackingUpdate>;

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
