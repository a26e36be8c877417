// The tracking webhook trigger's Only These Tags when it comes from an expression (a sheet, a variable, an earlier
// setting): a list or a comma-separated text of tag names in any letter case, with spaces around them. A value that is
// not one is refused with an error naming the field and the tags (n8n answers the delivery with an error, the provider
// retries it), never read as "no event matches" (answered 2xx: the provider would not send them again).
import { randomUUID } from 'node:crypto';
import { NodeOperationError, type IDataObject, type INodeParameters } from 'n8n-workflow';

import { runWebhook } from '../harness/harness';
import { WEBHOOK_NODE as NODE, WEBHOOK_AUTH_ID as AUTH_ID, WEBHOOK_SECRET as secret, webhookWorkflow as workflowJson } from '../harness/webhook';

const TAGS_LISTED = 'Pending, InfoReceived, InTransit, OutForDelivery, AttemptFail, Delivered, AvailableForPickup, Exception, Expired';


const update = (tag: string, eventId: string = randomUUID()): IDataObject => ({ event: 'tracking_update', event_id: eventId, msg: { tag, tracking_number: '1Z', checkpoints: [] } });

/** Which of these tags the trigger emits with Only These Tags set to `tags`. */
async function emitted(tags: unknown, sent = ['Delivered', 'Exception', 'InTransit']): Promise<string[]> {
	const json = workflowJson({ tags } as INodeParameters);
	const out: string[] = [];
	for (const tag of sent) {
		const result = await runWebhook(json, NODE, { body: update(tag) }, { [AUTH_ID]: secret }, {});
		expect(result.status).toBe(200);
		if (result.items.length) out.push(String(result.items[0].json.tag));
		else expect(result.response).toEqual({ received: true, emitted: false });
	}
	return out;
}

describe('tracking webhook trigger: Only These Tags from an expression', () => {
	it.each<[string, unknown, string[]]>([
		['the list the field offers', ['Delivered', 'Exception'], ['Delivered', 'Exception']],
		['a comma-separated text', '={{ "Delivered,Exception" }}', ['Delivered', 'Exception']],
		['one name as text (not a part of another name)', '={{ "Delivered" }}', ['Delivered']],
		['names in other letter cases, with spaces around them', '={{ " delivered , EXCEPTION " }}', ['Delivered', 'Exception']],
		['a list of such names (a sheet column)', '={{ [" Delivered", "exception "] }}', ['Delivered', 'Exception']],
		['a list whose entries are comma-separated texts', '={{ ["delivered,intransit"] }}', ['Delivered', 'InTransit']],
		['a text ending in a comma', '={{ "Delivered," }}', ['Delivered']],
		['an empty text (an empty cell): every tag', '={{ "" }}', ['Delivered', 'Exception', 'InTransit']],
		['an empty list: every tag', '={{ [] }}', ['Delivered', 'Exception', 'InTransit']],
	])('%s', async (_label, tags, expected) => {
		expect(await emitted(tags)).toEqual(expected);
	});

	it('matches an update whose tag comes in another letter case, and emits the tag as documented', async () => {
		expect(await emitted(['Delivered'], ['delivered', ' DELIVERED ', 'Exception'])).toEqual(['Delivered', 'Delivered']);
	});

	it.each<[string, unknown, RegExp]>([
		['a name that is not a tag (a typo)', '={{ "Deliverd, Exception" }}', /^Only These Tags: "Deliverd" is not a tag \(allowed: /],
		['part of a name', '={{ ["Deliv"] }}', /^Only These Tags: "Deliv" is not a tag/],
		['two unknown names, each named', '={{ "Lost, Found" }}', /^Only These Tags: "Lost" is not a tag; "Found" is not a tag/],
		['null (an expression giving nothing)', '={{ null }}', /^Only These Tags: must be a list of tags or a comma-separated text \(allowed: /],
		['a field of the (empty) trigger input', '={{ $json.tags }}', /^Only These Tags: must be a list of tags or a comma-separated text/],
		['a number', '={{ 5 }}', /^Only These Tags: must be a list of tags or a comma-separated text/],
		['a list holding something other than text', '={{ ["Delivered", 5] }}', /^Only These Tags: must be a list of tags or a comma-separated text/],
	])('refuses %s, naming the field and the tags, for every delivery', async (_label, tags, message) => {
		const json = workflowJson({ tags } as INodeParameters);
		for (const tag of ['Delivered', 'Exception']) {
			const delivery = runWebhook(json, NODE, { body: update(tag) }, { [AUTH_ID]: secret }, {});
			await expect(delivery).rejects.toThrow(message);
			await expect(delivery).rejects.toThrow(`(allowed: ${TAGS_LISTED})`);
			// the node's error: n8n shows it on the node and in the execution list, with the field's hint
			await expect(delivery).rejects.toBeInstanceOf(NodeOperationError);
			await expect(delivery).rejects.toMatchObject({ description: 'Choose tags from the list, or give an expression a list or comma-separated text of these tags. Empty emits every tag.' });
		}
	});
});
