// StrykerJS ignorer (stryker.config.mjs `ignorers: ['descriptions']`): mutants inside a parameter description written in
// the code (an object literal with displayName and default, type or values: INodeProperties, a fixedCollection group)
// are not run and not counted. The options tests build the node afresh inside each test, which credits every label,
// default and display rule to them alone, so each such mutant ran their 150-odd tests and most survived: a change of
// wording no test should pin, or a default that a workflow test checks but Stryker does not run (it credits code that
// runs while modules load only to tests that load them inside a test). The description tests (test/node/) check what
// the panels show. Runtime code that sets a displayName (versions.ts renames) is an object without those keys and
// stays mutated.
// In a node's or a credential's own description (an object literal, or a class, with displayName, name and properties:
// INodeTypeDescription, ICredentialType), the text and looks the editor shows are left out too: built in a class field,
// they run whenever a test builds the node, so each such mutant ran the 500-odd workflow tests and survived or timed
// out. Its name, version, inputs, outputs, credentials, polling, webhooks and authenticate stay mutated.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const MARKS = new Set(['default', 'type', 'values']);

/** The keys of a node's or credential's description that only the editor shows. */
const EDITOR_ONLY = new Set(['displayName', 'description', 'subtitle', 'icon', 'group', 'defaults', 'documentationUrl']);

/** The keys that make an object literal or a class the description of a node type or a credential type. */
const TYPE_DESCRIPTION = ['displayName', 'name', 'properties'];

/** The name of an object's or a class's member, when written out. */
const keyName = (property) =>
	(property.type === 'ObjectProperty' || property.type === 'ClassProperty') && !property.computed
		? property.key.type === 'Identifier'
			? property.key.name
			: property.key.type === 'StringLiteral'
				? property.key.value
				: undefined
		: undefined;

export const strykerPlugins = [
	declareValuePlugin(PluginKind.Ignore, 'descriptions', {
		shouldIgnore(path) {
			if (path.node.type === 'ObjectExpression') {
				const keys = path.node.properties.map(keyName);
				if (keys.includes('displayName') && keys.some((key) => MARKS.has(key)))
					return 'A parameter description (shown in the editor; checked by the description tests)';
			}
			const member = path.node.type === 'ObjectProperty' || path.node.type === 'ClassProperty' ? path.node : undefined;
			if (member && EDITOR_ONLY.has(keyName(member))) {
				const owner = path.parentPath?.node;
				const siblings = owner?.type === 'ObjectExpression' ? owner.properties : owner?.type === 'ClassBody' ? owner.body : [];
				const keys = siblings.map(keyName);
				if (TYPE_DESCRIPTION.every((key) => keys.includes(key)))
					return 'What the editor shows of a node or a credential (checked by the description tests)';
			}
			return undefined;
		},
	}),
];
