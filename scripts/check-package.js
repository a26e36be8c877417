// Checks the package as npm would publish it (run after `npm run build`): the tarball holds only dist/, README.md,
// LICENSE and package.json, and its JavaScript passes the checks n8n's community-package scanner makes: no restricted
// globals (n8n's own no-restricted-globals rule) and no module beyond the ones n8n provides to community nodes; and the
// metadata n8n starts the package from (dist/known, dist/types) says what the code says.
// Usage: node scripts/check-package.js [package folder, default: this repository]
// Exit 1, with every finding listed, when the package would be refused.
'use strict';

const { execFileSync } = require('node:child_process');
const path = require('node:path');
const { ESLint } = require('eslint');

const ROOT = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));

/** Files a published tarball may hold besides dist/. */
const TOP_LEVEL_FILES = new Set(['README.md', 'LICENSE', 'package.json']);

/** Modules the package's JavaScript may load: what n8n provides to community nodes (lodash also by path). */
const ALLOWED_MODULES = new Set(['n8n-workflow', 'lodash', 'luxon', 'zod', 'p-limit', 'crypto', 'node:crypto']);

/** The globals the check reports (n8n's rule checks these and a few more; all are reported). */
const NAMED_GLOBALS = ['process', 'setTimeout', 'setInterval', 'globalThis', '__dirname'];

function packedFiles() {
	// --ignore-scripts: the check reads what is built; it must not rebuild it (prepack/prepare)
	const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], {
		cwd: ROOT,
		encoding: 'utf8',
		maxBuffer: 64 * 1024 * 1024,
	});
	const [pack] = JSON.parse(out);
	return pack.files.map((file) => file.path);
}

/** A module name as the scanner compares it: the package, without a sub-path (lodash/get → lodash). */
function moduleName(request) {
	if (request.startsWith('node:')) return request;
	const parts = request.split('/');
	return request.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** An ESLint rule: every require(), import and dynamic import of a module outside ALLOWED_MODULES. */
const allowedModulesRule = {
	meta: { type: 'problem', schema: [], messages: { refused: "loads '{{ request }}', which n8n does not provide to community nodes" } },
	create(context) {
		const check = (node, source) => {
			if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
			const request = source.value;
			if (request.startsWith('./') || request.startsWith('../')) return;
			if (!ALLOWED_MODULES.has(moduleName(request))) context.report({ node, messageId: 'refused', data: { request } });
		};
		return {
			CallExpression(node) {
				if (node.callee.type === 'Identifier' && node.callee.name === 'require') check(node, node.arguments[0]);
			},
			ImportDeclaration: (node) => check(node, node.source),
			ImportExpression: (node) => check(node, node.source),
			ExportAllDeclaration: (node) => check(node, node.source),
			ExportNamedDeclaration: (node) => check(node, node.source),
		};
	},
};

async function scan(jsFiles) {
	const { n8nCommunityNodesPlugin } = await import('@n8n/eslint-plugin-community-nodes');
	const eslint = new ESLint({
		cwd: ROOT,
		overrideConfigFile: true,
		overrideConfig: [
			{
				files: ['**/*.js'],
				languageOptions: { ecmaVersion: 'latest', sourceType: 'commonjs' },
				// comments in the built code do not silence the check (the scanner reads the same files)
				linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
				plugins: {
					'@n8n/community-nodes': n8nCommunityNodesPlugin,
					package: { rules: { 'allowed-modules': allowedModulesRule } },
				},
				rules: {
					'@n8n/community-nodes/no-restricted-globals': 'error',
					'@n8n/community-nodes/no-restricted-imports': 'error',
					'package/allowed-modules': 'error',
				},
			},
		],
	});
	const results = await eslint.lintFiles(jsFiles.map((file) => path.join(ROOT, file)));
	// findings of the rules, and files that do not parse; not the notes on ignored inline comments
	const findings = (result) => result.messages.filter((m) => m.ruleId !== null || m.fatal);
	return results.flatMap((result) =>
		findings(result).map((m) => {
			const line = result.source ? result.source.split('\n')[m.line - 1] ?? '' : '';
			const excerpt = line.trim().slice(Math.max(0, m.column - 40), m.column + 60);
			return `${path.relative(ROOT, result.filePath)}:${m.line}:${m.column} ${m.message} (${m.ruleId ?? 'parse'})\n    ${excerpt}`;
		}),
	);
}

/**
 * n8n starts an installed package with its lazy loader, from dist/known and dist/types, and loads our code only when a
 * node is used: those files must exist and hold what n8n's eager loader builds from the code (not a stale build).
 */
async function checkMetadata() {
	const { LazyPackageDirectoryLoader, PackageDirectoryLoader } = require('n8n-core');
	const lazy = new LazyPackageDirectoryLoader(ROOT);
	await lazy.loadAll();
	if (!lazy.isLazyLoaded) return ['dist/known or dist/types is missing: n8n would load every file at startup (`npm run build` writes them)'];
	const eager = new PackageDirectoryLoader(ROOT);
	await eager.loadAll();
	// as n8n's metadata generator writes them: the credentials' own toJSON, no list of loadOptions methods (n8n reads
	// those from the class once it is loaded)
	const json = (value) => JSON.stringify(value, (key, v) => (key === '__loadOptionsMethods' ? undefined : v));
	const same = (a, b) => json(a) === json(b);
	const problems = [];
	for (const part of ['nodes', 'credentials']) {
		if (!same(lazy.known[part], eager.known[part])) problems.push(`dist/known/${part}.json differs from the code: run \`npm run build\``);
		if (!same(lazy.types[part], eager.types[part])) problems.push(`dist/types/${part}.json differs from the code: run \`npm run build\``);
	}
	return problems;
}

async function main() {
	const files = packedFiles();
	const problems = [];
	if (!files.some((file) => file.startsWith('dist/'))) problems.push('the tarball holds no dist/: run `npm run build` first');
	for (const file of files) {
		if (!file.startsWith('dist/') && !TOP_LEVEL_FILES.has(file)) problems.push(`the tarball must not hold ${file}`);
	}
	for (const file of TOP_LEVEL_FILES) if (!files.includes(file)) problems.push(`the tarball lacks ${file}`);
	const jsFiles = files.filter((file) => /\.(c|m)?js$/.test(file));
	problems.push(...(await scan(jsFiles)));
	// the metadata check loads the code: only code the scan let through
	if (!problems.length) problems.push(...(await checkMetadata()));
	const summary = `${files.length} files, ${jsFiles.length} JavaScript (checked for ${NAMED_GLOBALS.join(', ')} and the other globals n8n refuses, and for modules beyond ${[...ALLOWED_MODULES].join(', ')}); n8n's startup metadata matches the code`;
	if (problems.length) {
		process.stderr.write(`check-package: the package would be refused (${summary}):\n${problems.map((p) => `  ${p}`).join('\n')}\n`);
		process.exit(1);
	}
	process.stdout.write(`check-package: ok, ${summary}\n`);
}

main().catch((error) => {
	process.stderr.write(`check-package: ${error.stack ?? error}\n`);
	process.exit(2);
});
