// The node's methods object (n8n calls these from the editor): register it on the node class as `methods = methods`.
import { searchSkus } from './listSearch';

export const methods = {
	listSearch: {
		searchSkus,
	},
};
