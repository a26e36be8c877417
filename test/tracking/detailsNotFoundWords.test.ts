// Bug hunt 48, Tracking → Get Details: the provider's own 404 ("no tracking yet") is taken for a wrong Base URL when its
// message happens to use ordinary words the router check looks for.
//
// What is wrong: transport/errors.ts ROUTING_MESSAGE (used by providerNotFound / notFoundFailure, which
// actions/tracking/getDetails.operation.ts reaches through transport/request.ts apiRequestOrNone) treats any 404 message
// containing "cannot get", "cannot post", "no route", "://" or "/api/" as a router's "no such path". So a provider
// message in plain English such as "Cannot get tracking details: order SO-000123 has no packages yet", or one that
// points to the provider's help page ("… see https://developer.example.com/tracking"), makes Get Details fail with
// "The Base URL does not lead to the tracking interface (404)" for every order not shipped yet, Fail When Not Found off.
// The order is named in the message and the body is JSON from the interface itself: no router writes that.
//
// Right behaviour (field notes "Tracking": GetDetails "404 means not found"; "Errors and events": an error body is a
// message string or an object with a message member): the provider's 404 with its message is "no tracking yet": one
// item { OrderNo, found: false, message } (Simplify off), as for "Order not found" (test/tracking/identifiersDaysNotFound).
// Only a message that names a path or address the router could not serve ("Cannot POST /v3/api/…", "No HTTP resource
// was found that matches the request URI 'https://…'") is a router's.
import { ACTION_NODE, actionWorkflow } from '../harness/workflows';
import { useSandbox } from '../harness/sandbox';

const fx = useSandbox({ inventoryRecords: 24 });

const details = (orderNo: string) => actionWorkflow({ resource: 'tracking', operation: 'getDetails', orderNo, simplify: false });

describe('Tracking → Get Details: the provider\'s own 404 in plain words', () => {
	it.each([
		['"Cannot get …" as a JSON string', 'Cannot get tracking details: order SO-000123 has no packages yet'],
		['an object with a Message naming the order', { Message: 'Cannot get tracking information for order SO-000123. No packages were found.' }],
		['a message with a help link', { Message: 'No tracking information found for order SO-000123. See https://developer.example.com/tracking for details.' }],
	] as const)('%s is "no tracking yet", not a wrong Base URL', async (_case, body) => {
		await fx.control.fault({ kind: 'status', status: 404, path: 'GetDetails', body: body as never });
		const result = await fx.run(details('SO-000123'));
		expect(result.error?.message).toBeUndefined();
		expect(result.output(ACTION_NODE).map((i) => i.json)).toEqual([
			{ OrderNo: 'SO-000123', found: false, message: 'No tracking information yet for this order' },
		]);
	});
});
