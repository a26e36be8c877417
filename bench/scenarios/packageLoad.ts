// Scenario 4: time to load every node and credential file of dist in a fresh Node process, as n8n's loader does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { readJson, ROOT } from '../../e2e/lib/n8n';
import { median, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';

interface Load {
	/** n8n-workflow required before the clock starts, as in n8n (which loads it long before community packages) */
	preloaded: boolean;
	ms: number;
	/** modules our files pulled in (not loaded before) */
	modules: number;
	/** packages among them, outside dist */
	packages: string[];
}

/** Runs in the fresh process: requires each file and constructs its class (n8n reads the description from an instance). */
const PROBE = `
const files = JSON.parse(process.argv[1]);
if (process.argv[2] === 'preload') require('n8n-workflow');
const before = new Set(Object.keys(require.cache));
const started = performance.now();
for (const file of files) {
	const exported = require(file);
	for (const value of Object.values(exported)) if (typeof value === 'function') new value();
}
const ms = performance.now() - started;
const added = Object.keys(require.cache).filter((f) => !before.has(f));
const packages = [...new Set(added.map((f) => /node_modules\\/((?:@[^/]+\\/)?[^/]+)/.exec(f)?.[1]).filter(Boolean))];
process.stdout.write(JSON.stringify({ ms, modules: added.length, packages }));
`;

function loadOnce(files: string[], preloaded: boolean): Load {
	const result = spawnSync(process.execPath, ['-e', PROBE, JSON.stringify(files), preloaded ? 'preload' : 'cold'], {
		cwd: ROOT,
		encoding: 'utf8',
	});
	if (result.status !== 0) throw new Error(`package load probe failed:\n${result.stderr}`);
	return { preloaded, ...(JSON.parse(result.stdout) as Omit<Load, 'preloaded'>) };
}

export function packageLoad(processes: number): ScenarioResult {
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
	if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr || build.stdout}`);
	const manifest = readJson<{ n8n: { nodes: string[]; credentials: string[] } }>(join(ROOT, 'package.json'));
	const files = [...manifest.n8n.nodes, ...manifest.n8n.credentials].map((file) => join(ROOT, file));

	const loads: Load[] = [];
	for (let i = 0; i < processes; i++) loads.push(loadOnce(files, true), loadOnce(files, false));
	const of = (preloaded: boolean) => loads.filter((l) => l.preloaded === preloaded);
	const ms = (preloaded: boolean) => median(of(preloaded).map((l) => l.ms));
	const describe = (preloaded: boolean) => {
		const sample = of(preloaded)[0];
		const packages = sample.packages.length > 4 ? `${sample.packages.length} packages` : sample.packages.join(', ') || '(none)';
		return { 'median ms': round(ms(preloaded), 1), modules: sample.modules, packages };
	};
	return {
		id: 'packageLoad',
		title: `4. Package load: ${files.length} node and credential files of dist`,
		method:
			`npm run build, then ${processes} fresh \`node -e\` processes per row: performance.now() around requiring every file ` +
			"listed in package.json's n8n section and constructing its class. The goal row has n8n-workflow loaded first, as it is " +
			'in n8n before community packages load; the cold row loads it inside the clock.',
		rows: [
			{ variant: 'our files, n8n-workflow already loaded (as in n8n)', ...describe(true) },
			{ variant: 'our files and n8n-workflow, cold', ...describe(false) },
		],
		goals: [goal('load time, n8n-workflow loaded', round(ms(true), 1), 30, 'ms')],
		runs: loads,
	};
}
