import type { IExecuteFunctions, INodeExecutionData, INodeType, INodeTypeDescription } from 'n8n-workflow';

import { router } from './actions/router';
import { methods } from './methods';
import { versionDescription } from './actions/versionDescription';

export class WineFulfillment implements INodeType {
	// The version's description (actions/versionDescription.ts), and what belongs to the node file: its icons
	// (paths relative to this file) and what n8n Cloud's lint rules read from the class itself.
	description: INodeTypeDescription = {
		...versionDescription,
		icon: { light: 'file:../../icons/wineFulfillment.svg', dark: 'file:../../icons/wineFulfillment.dark.svg' },
		subtitle: versionDescription.subtitle,
		usableAsTool: true,
	};

	methods = methods;

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
