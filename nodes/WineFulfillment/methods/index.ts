// The node's methods object (n8n calls these from the editor): register it on the node class as `methods = methods`.
import { credentialTest } from './credentialTest';
import { searchSkus } from './listSearch';

export const methods = {
	credentialTest,
	listSearch: {
		searchSkus,
	},
};
