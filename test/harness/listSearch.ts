// The Item Number picker's listSearch (searchSkus) called as n8n's DynamicNodeParametersService calls it: a
// LoadOptionsContext for an action node of the given version, with the real credential type.
import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type ICredentialDataDecryptedObject, type INode, type INodeListSearchResult } from 'n8n-workflow';

import { ACTION_TYPE, NodeTypes, additionalData } from './harness';
import { ACTION_NODE, CREDENTIAL_ID } from './workflows';

const nodeTypes = new NodeTypes();

export async function searchSkus(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	filter?: string,
	token?: string | number,
	typeVersion = 2,
): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'n1',
		name: ACTION_NODE,
		type: ACTION_TYPE,
		typeVersion,
		position: [0, 0],
		parameters: { resource: 'sku', operation: 'retire', itemNo: { __rl: true, mode: 'list', value: '' } },
		credentials: { wineFulfillmentApi: { id: CREDENTIAL_ID, name: 'Sandbox' } },
	};
	const workflow = new Workflow({ id: 'w', nodes: [node], connections: {}, active: false, nodeTypes });
	const data = additionalData(credentials);
	data.currentNodeParameters = node.parameters;
	const method = nodeTypes.getByNameAndVersion(ACTION_TYPE).methods?.listSearch?.searchSkus;
	if (!method) throw new Error('searchSkus is not registered');
	return await method.call(new LoadOptionsContext(workflow, node, data, 'parameters.itemNo'), filter, token === undefined ? undefined : String(token));
}
