// Runs a credential's Test button as n8n's CredentialsTester does for a test a node provides (`testedBy`).
import { CredentialTestContext } from 'n8n-core';
import {
	NodeHelpers,
	type ICredentialDataDecryptedObject,
	type ICredentialTestFunction,
	type INodeCredentialTestResult,
	type INodeParameters,
	type INodeType,
} from 'n8n-workflow';

import { ACTION_TYPE, CREDENTIAL_TYPES, NodeTypes, TRIGGER_TYPE, WEBHOOK_TYPE } from './harness';

/**
 * Tests `data` as a credential of type `type`: the data gets the type's defaults (n8n's
 * applyDefaultsAndOverwrites), then the first of the package's nodes whose credentials entry for
 * the type names a `testedBy` runs its `methods.credentialTest` function in n8n-core's
 * CredentialTestContext (n8n's getCredentialTestFunction and testCredentials). A type with a `test`
 * request of its own is refused: n8n runs that request instead, and never a node's function.
 */
export async function testCredential(type: string, data: ICredentialDataDecryptedObject): Promise<INodeCredentialTestResult> {
	const credentialType = CREDENTIAL_TYPES[type];
	if (!credentialType) throw new Error(`Unknown credential type ${type}`);
	if (credentialType.test) throw new Error(`${type} has a test request of its own: n8n runs it, not a node's credentialTest`);
	const nodeTypes = new NodeTypes();
	for (const name of [ACTION_TYPE, TRIGGER_TYPE, WEBHOOK_TYPE]) {
		const node: INodeType = nodeTypes.getByNameAndVersion(name);
		const testedBy = node.description.credentials?.find((c) => c.name === type)?.testedBy;
		if (typeof testedBy !== 'string') continue;
		const test = node.methods?.credentialTest?.[testedBy] as ICredentialTestFunction | undefined;
		if (!test) throw new Error(`${name} names ${testedBy} as the test for ${type} but has no such credentialTest`);
		const withDefaults = NodeHelpers.getNodeParameters(credentialType.properties, data as INodeParameters, true, false, null, null);
		return await test.call(new CredentialTestContext(), { id: 'credential-under-test', name: 'Under test', type, data: withDefaults as ICredentialDataDecryptedObject });
	}
	throw new Error(`No node of the package tests ${type}`);
}
