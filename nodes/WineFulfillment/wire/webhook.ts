// The provider's tracking webhook delivery (field notes "Errors and events"): tracking_update events.
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

export const trackingUpdate = onFirstUse(() =>
	z.object({
		event: z.literal('tracking_update', { errorMap: () => ({ message: 'event must be "tracking_update"' }) }),
		event_id: z.string().uuid('event_id must be a UUID'),
		is_tracking_first_tag: z.boolean().optional(),
		msg: z
			.object({
				tag: z.enum(WEBHOOK_TAGS, { errorMap: () => ({ message: `msg.tag must be one of ${WEBHOOK_TAGS.join(', ')}` }) }),
				checkpoints: z.array(z.record(z.unknown())).optional(),
			})
			.passthrough(),
	})
);
export type TrackingUpdate = z.infer<typeof trackingUpdate>;
