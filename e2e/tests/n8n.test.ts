// The package as n8n 2.41 sees it when installed as a community package: node types, credentials, icons, the credential's Test button.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { useE2E, n8nServer, type NodeTypeDescription } from '../lib/context';
import { sandboxCredential } from '../lib/examples';

const PACKAGE = 'n8n-nodes-wine-fulfillment';
const NODE_TYPES = ['wineFulfillment', 'wineFulfillmentTrigger', 'wineFulfillmentWebhookTrigger'].map((n) => `${PACKAGE}.${n}`);
const CREDENTIAL_TYPES = ['wineFulfillmentApi', 'wineFulfillmentWebhookApi'];

const context = useE2E();

const iconPaths = (icon: NodeTypeDescription['iconUrl']) => (typeof icon === 'string' ? [icon] : icon ? [icon.light, icon.dark] : []);

describe('n8n lists the package', () => {
	it('`n8n export:nodes` has the three node types, and the action node as an AI tool', () => {
		const ours = context().nodeTypes.filter((t) => t.name.startsWith(`${PACKAGE}.`));
		assert.deepEqual([...new Set(ours.map((t) => t.name))].sort(), [...NODE_TYPES, `${PACKAGE}.wineFulfillmentTool`].sort());
		const action = ours.find((t) => t.name === NODE_TYPES[0]);
		assert.equal(action?.displayName, 'Wine Fulfillment');
		assert.equal(action?.usableAsTool, true);
		assert.deepEqual(action?.credentials?.map((c) => c.name), ['wineFulfillmentApi']);
		assert.equal(ours.find((t) => t.name === NODE_TYPES[1])?.polling, true);
	});

	it('the editor gets the node types and both credential types (/types/*.json), each with an icon URL', async () => {
		const { session } = await n8nServer();
		const nodes = (await (await session.get('/types/nodes.json')).json()) as NodeTypeDescription[];
		const credentials = (await (await session.get('/types/credentials.json')).json()) as NodeTypeDescription[];
		const ourNodes = nodes.filter((t) => NODE_TYPES.includes(t.name));
		const ourCredentials = credentials.filter((t) => CREDENTIAL_TYPES.includes(t.name));
		assert.deepEqual(ourNodes.map((t) => t.name).sort(), [...NODE_TYPES].sort());
		assert.deepEqual(ourCredentials.map((t) => t.name).sort(), [...CREDENTIAL_TYPES].sort());
		for (const type of [...ourNodes, ...ourCredentials]) assert.equal(iconPaths(type.iconUrl).length, 2, `${type.name} has no light/dark icon`);
	});

	it('the icons load: every icon URL answers 200 with an SVG', async () => {
		const { session } = await n8nServer();
		const nodes = (await (await session.get('/types/nodes.json')).json()) as NodeTypeDescription[];
		const credentials = (await (await session.get('/types/credentials.json')).json()) as NodeTypeDescription[];
		const urls = new Set(
			[...nodes, ...credentials]
				.filter((t) => t.name.startsWith(`${PACKAGE}.`) || CREDENTIAL_TYPES.includes(t.name))
				.flatMap((t) => iconPaths(t.iconUrl)),
		);
		assert.equal(urls.size, 2, [...urls].join(', '));
		for (const url of urls) {
			const response = await fetch(`${session.url}/${url}`);
			assert.equal(response.status, 200, url);
			assert.match(response.headers.get('content-type') ?? '', /^image\/svg\+xml/);
			assert.match(await response.text(), /^<svg[\s>]/);
		}
	});

	it("the credential's Test button passes against the sandbox, reports refused credentials in plain words and fails for a web page", async () => {
		const { session } = await n8nServer();
		const credential = sandboxCredential(context().sandbox.baseUrl);
		const test = (data: Record<string, string>) =>
			session.rest<{ status: string; message: string }>('POST', '/credentials/test', {
				credentials: { ...credential, data: { ...credential.data, ...data } },
			});
		const good = await test({});
		assert.equal(good.status, 'OK', good.message);
		// the action node's credentialTest (testedBy) answered, not n8n's own request test
		assert.match(good.message, /the provider accepted the credentials/);
		const refused = await test({ password: 'not-the-password' });
		assert.equal(refused.status, 'Error');
		assert.match(refused.message, /credentials were refused/);
		assert.doesNotMatch(refused.message, /not-the-password/);
		// a page answered 200 (a portal or sign-in page) is no connection a node run could use
		const { sandbox } = context();
		sandbox.faults.add({ kind: 'status', status: 200, path: 'GetStatus', body: '<html>Sign in</html>', as: 'text' });
		try {
			const page = await test({});
			assert.equal(page.status, 'Error', page.message);
			assert.match(page.message, /not with the interface's JSON/);
		} finally {
			sandbox.faults.clear();
		}
	});

	it("the webhook credential's Test button runs the webhook trigger's check (testedBy): no secret fails, a complete pair passes", async () => {
		const { session } = await n8nServer();
		const type = 'wineFulfillmentWebhookApi';
		const created = await session.rest<{ id: string; name: string }>('POST', '/credentials', {
			name: 'E2E webhook credential (Test button)',
			type,
			data: { headerName: 'X-Webhook-Secret', headerSecret: '' },
		});
		try {
			const test = (data: Record<string, string>) =>
				session.rest<{ status: string; message: string }>('POST', '/credentials/test', {
					credentials: { id: created.id, name: created.name, type, data },
				});
			const empty = await test({ headerName: 'X-Webhook-Secret', headerSecret: '' });
			assert.equal(empty.status, 'Error', empty.message);
			assert.match(empty.message, /No secret is set/);
			const secret = 'e2e-long-random-header-value-7731';
			const header = await test({ headerName: 'X-Webhook-Secret', headerSecret: secret });
			assert.equal(header.status, 'OK', header.message);
			assert.match(header.message, /Header Auth \(header X-Webhook-Secret\)/);
			assert.doesNotMatch(header.message, new RegExp(secret));
			const half = await test({ headerName: 'X-Webhook-Secret', headerSecret: '', user: 'provider', password: '' });
			assert.equal(half.status, 'Error', half.message);
			assert.match(half.message, /Basic Auth has a User but no Password/);
		} finally {
			await session.rest('DELETE', `/credentials/${created.id}`);
		}
	});
});
