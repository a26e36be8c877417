// The tracking webhook trigger and the bodies the provider may send beside the documented one. A 400 makes the provider
// retry a delivery 14 times and then drop it, so only a body that is no tracking update at all gets one; nulls,
// booleans as text, a tag not (yet) documented and other event kinds are answered 2xx.
import { randomUUID } from 'node:crypto';
import { Logger } from '@n8n/backend-common';
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_STATIC_KEY as STATIC_KEY, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';



const update = (msg: IDataObject = {}, top: IDataObject = {}): IDataObject => ({
	event: 'tracking_update',
	event_id: randomUUID(),
	msg: { tag: 'Delivered', tracking_number: '1ZSBX0000000042', slug: 'ups', order_id: 'SO-000042', checkpoints: [], ...msg },
	...top,
});

const deliver = (body: unknown, parameters: INodeParameters = {}, headers: Record<string, string> = {}) =>
	runWebhook(workflowJson(parameters), NODE, { body, headers }, { [AUTH_ID]: secret }, {});

/** The one item a delivery emits (asserting it was answered 200 and emitted one). */
async function item(body: unknown): Promise<IDataObject> {
	const result = await deliver(body);
	expect({ status: result.status, response: result.response, items: result.items.length }).toEqual({ status: 200, response: { message: 'Workflow was started' }, items: 1 });
	return result.items[0].json;
}

describe('tracking webhook trigger: bodies answered 2xx and emitted', () => {
	it.each<[boolean | string | null, boolean]>([
		[true, true],
		[false, false],
		[null, false],
		['true', true],
		['FALSE', false],
		[' True ', true],
	])('is_tracking_first_tag %j comes out as isFirstTag %j', async (sent, isFirstTag) => {
		expect((await item(update({}, { is_tracking_first_tag: sent }))).isFirstTag).toBe(isFirstTag);
	});

	it('checkpoints null is an empty list; checkpoints that are not objects are left out of checkpoints, msg keeps them as sent', async () => {
		const none = await item(update({ checkpoints: null }));
		expect(none.checkpoints).toEqual([]);
		expect((none.msg as IDataObject).checkpoints).toBeNull();
		const sent = [null, 'Departed facility', { message: 'Arrived', tag: 'InTransit' }, [1], 7, { message: 'Delivered' }];
		const mixed = await item(update({ checkpoints: sent }));
		expect(mixed.checkpoints).toEqual([{ message: 'Arrived', tag: 'InTransit' }, { message: 'Delivered' }]);
		expect((mixed.msg as IDataObject).checkpoints).toEqual(sent);
	});

	it('a tag the provider does not document is emitted as sent when no tag filter is set; with one it does not match', async () => {
		const json = await item(update({ tag: 'ReturnToSender' }));
		expect(json.tag).toBe('ReturnToSender');
		const filtered = await deliver(update({ tag: 'ReturnToSender' }), { tags: ['Delivered', 'Exception'] });
		expect({ status: filtered.status, response: filtered.response, items: filtered.items }).toEqual({ status: 200, response: { received: true, emitted: false }, items: [] });
	});

	it('order number: order_number when order_id is absent, null, empty or blank; numbers come out as text', async () => {
		for (const order_id of [undefined, null, '', '   ']) {
			const json = await item(update({ order_id, order_number: 'SO-9' }));
			expect({ order_id, orderNumber: json.orderNumber }).toEqual({ order_id, orderNumber: 'SO-9' });
		}
		expect((await item(update({ order_id: 'SO-1', order_number: 'SO-9' }))).orderNumber).toBe('SO-1');
		expect((await item(update({ order_id: 100234 }))).orderNumber).toBe('100234');
		expect((await item(update({ order_id: 0 }))).orderNumber).toBe('0');
		expect((await item(update({ order_id: '', order_number: 55 }))).orderNumber).toBe('55');
		expect((await item(update({ order_id: '', order_number: '' }))).orderNumber).toBeNull();
		const numbers = await item(update({ tracking_number: 123456789012 }));
		expect(numbers.trackingNumber).toBe('123456789012');
		expect((numbers.msg as IDataObject).tracking_number).toBe(123456789012);
		expect((await item(update({ tracking_number: '' }))).trackingNumber).toBeNull();
		// a number beyond JSON's range: n8n's JSON parser reads 1e400 as Infinity, which names no parcel
		const beyond = await item(update({ tracking_number: JSON.parse('1e400') as number, order_id: JSON.parse('-1e400') as number, order_number: 'SO-9' }));
		expect({ trackingNumber: beyond.trackingNumber, orderNumber: beyond.orderNumber }).toEqual({ trackingNumber: null, orderNumber: 'SO-9' });
	});
});

describe('tracking webhook trigger: another kind of event', () => {
	it('is answered 2xx, emits nothing, records no event id, and says so in the log without a secret', async () => {
		const log = jest.spyOn(Logger.prototype as unknown as { log: (level: string, message: string) => void }, 'log').mockImplementation(() => undefined);
		try {
			const body = { ...update(), event: 'tracking_deleted' };
			const result = await deliver(body, { authentication: 'headerAuth' }, { 'X-Webhook-Secret': secret.headerSecret });
			expect({ status: result.status, response: result.response, items: result.items }).toEqual({ status: 200, response: { received: true, emitted: false }, items: [] });
			expect(result.staticData[STATIC_KEY]).toBeUndefined();
			const warned = log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message);
			expect(warned).toEqual([`${NODE}: ignored a delivery of event "tracking_deleted": this trigger handles tracking_update only`]);
			expect(warned.join()).not.toContain(secret.headerSecret);
			// an event kind without a msg is answered the same, and one whose id is no UUID, or that has none (its id
			// is not read: a 400 would only make the provider retry an event the trigger ignores)
			expect((await deliver({ event: 'shipment_created', event_id: randomUUID() })).status).toBe(200);
			expect((await deliver({ event: 'shipment_created', event_id: 42 })).status).toBe(200);
			expect((await deliver({ event: 'shipment_created' })).status).toBe(200);
			// a long event kind is named by its first 60 characters
			log.mockClear();
			expect((await deliver({ event: `x${'y'.repeat(58)}z${'!'.repeat(200)}`, event_id: randomUUID() })).status).toBe(200);
			expect(log.mock.calls.filter(([level]) => level === 'warn').map(([, message]) => message)).toEqual([
				`${NODE}: ignored a delivery of event "x${'y'.repeat(58)}z": this trigger handles tracking_update only`,
			]);
		} finally {
			log.mockRestore();
		}
	});
});

describe('tracking webhook trigger: bodies still refused (400), which are no tracking update at all', () => {
	it.each<[string, unknown, string]>([
		['a text', 'plain text', 'Expected object, received string'],
		['a list', [update()], 'Expected object, received array'],
		['null', null, 'Expected object, received null'],
		['no event_id', { ...update(), event_id: undefined }, 'event_id is required'],
		['an event_id that is no UUID', { ...update(), event_id: 'evt-42' }, 'event_id must be a UUID'],
		['no event', { ...update(), event: undefined }, 'event is required'],
		['an event that is not text', { ...update(), event: 5 }, 'event must be text'],
		['no msg', { ...update(), msg: undefined }, 'msg is required'],
		['a msg that is a list', { ...update(), msg: [] }, 'msg must be an object'],
		['a msg without a tag', { ...update(), msg: { tracking_number: '1Z' } }, 'msg.tag is required'],
		// is_tracking_first_tag and checkpoints in any form are taken as they come: test/tracking/webhookBodyForms.test.ts
	])('%s', async (_label, body, message) => {
		const result = await deliver(body);
		expect({ status: result.status, response: result.response, items: result.items }).toEqual({ status: 400, response: { message: `Not a tracking update: ${message}` }, items: [] });
		expect(result.staticData[STATIC_KEY]).toBeUndefined();
	});
});
