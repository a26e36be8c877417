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

/**
 * The list n8n's editor shows for `filter` as it is scrolled to its end: the first answer, then each answer asked for
 * with the token the one before handed back, appended. `ended`: an answer handed back no token (the scroll ends);
 * after `maxCalls` answers that still go on, the list as it stands (a scroll that never ends stops there).
 */
export async function scrolledList(
	credentials: Record<string, ICredentialDataDecryptedObject>,
	filter?: string,
	maxCalls = 10,
): Promise<{ shown: string[]; calls: number; ended: boolean }> {
	const shown: string[] = [];
	let token: string | number | undefined;
	let calls = 0;
	do {
		const answer = await searchSkus(credentials, filter, token);
		calls++;
		shown.push(...answer.results.map((r) => String(r.value)));
		token = answer.paginationToken;
	} while (token !== undefined && calls < maxCalls);
	return { shown, calls, ended: token === undefined };
}
