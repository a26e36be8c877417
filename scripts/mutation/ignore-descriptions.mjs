// StrykerJS ignorer (stryker.config.mjs `ignorers: ['descriptions']`): mutants inside a parameter description written in
// the code (an object literal with displayName and default, type or values: INodeProperties, a fixedCollection group)
// are not run and not counted. The options tests build the node afresh inside each test, which credits every label,
// default and display rule to them alone, so each such mutant ran their 150-odd tests and most survived: a change of
// wording no test should pin, or a default that a workflow test checks but Stryker does not run (it credits code that
// runs while modules load only to tests that load them inside a test). The description tests (test/node/) check what
// the panels show. Runtime code that sets a displayName (versions.ts renames) is an object without those keys and
// stays mutated.
import { PluginKind, declareValuePlugin } from '@stryker-mutator/api/plugin';

const MARKS = new Set(['default', 'type', 'values']);

const keyName = (property) =>
	property.type === 'ObjectProperty' && !property.computed
		? property.key.type === 'Identifier'
			? property.key.name
			: property.key.type === 'StringLiteral'
				? property.key.value
				: undefined
		: undefined;

export const strykerPlugins = [
	declareValuePlugin(PluginKind.Ignore, 'descriptions', {
		shouldIgnore(path) {
			if (path.node.type !== 'ObjectExpression') return undefined;
			const keys = path.node.properties.map(keyName);
			return keys.includes('displayName') && keys.some((key) => MARKS.has(key))
				? 'A parameter description (shown in the editor; checked by the description tests)'
				: undefined;
		},
	}),
];
