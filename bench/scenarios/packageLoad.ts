// Scenario 4: time n8n's own package loaders take over dist in a fresh Node process: the lazy one n8n runs at startup
// for installed community packages, and the eager one (every file required, every description built).
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { readJson, ROOT } from '../../e2e/lib/n8n';
import { median, round } from '../lib/measure';
import { goal, type ScenarioResult } from '../lib/report';

type Kind = 'lazy' | 'eager';

interface Load {
	kind: Kind;
	ms: number;
	/** whether n8n's lazy loader found our metadata (dist/known, dist/types) */
	lazy: boolean;
	/** modules the load pulled in, besides n8n-core and what it loads */
	modules: number;
}

/**
 * Runs in the fresh process: n8n-core loaded and its loader run once over an empty package first (in n8n, n8n-nodes-base
 * and the AI nodes go through the same loader before community packages), then the clock around one loadAll of ours.
 */
const PROBE = `
const [kind, root, warmup] = process.argv.slice(1);
const core = require('n8n-core');
const Loader = kind === 'lazy' ? core.LazyPackageDirectoryLoader : core.PackageDirectoryLoader;
(async () => {
	await new Loader(warmup).loadAll();
	const before = new Set(Object.keys(require.cache));
	const started = performance.now();
	const loader = new Loader(root);
	await loader.loadAll();
	const ms = performance.now() - started;
	const modules = Object.keys(require.cache).filter((f) => !before.has(f)).length;
	process.stdout.write(JSON.stringify({ ms, lazy: loader.isLazyLoaded === true, modules }));
})().catch((error) => { console.error(error); process.exit(1); });
`;

/** An installed package with no nodes, for the warm-up: a package.json and empty metadata. */
function warmupPackage(): string {
	const dir = join(ROOT, '.work', 'bench', 'n8n-nodes-warmup');
	for (const sub of ['known', 'types']) mkdirSync(join(dir, 'dist', sub), { recursive: true });
	const n8n = { n8nNodesApiVersion: 1, nodes: [], credentials: [] };
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'n8n-nodes-warmup', version: '1.0.0', n8n }));
	for (const file of ['known/nodes', 'known/credentials']) writeFileSync(join(dir, 'dist', `${file}.json`), '{}');
	for (const file of ['types/nodes', 'types/credentials']) writeFileSync(join(dir, 'dist', `${file}.json`), '[]');
	return dir;
}

function loadOnce(kind: Kind, warmup: string): Load {
	const result = spawnSync(process.execPath, ['-e', PROBE, kind, ROOT, warmup], { cwd: ROOT, encoding: 'utf8' });
	if (result.status !== 0) throw new Error(`package load probe failed:\n${result.stderr}`);
	return { kind, ...(JSON.parse(result.stdout) as Omit<Load, 'kind'>) };
}

export function packageLoad(processes: number): ScenarioResult {
	const build = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
	if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stderr || build.stdout}`);
	const manifest = readJson<{ n8n: { nodes: string[]; credentials: string[] } }>(join(ROOT, 'package.json'));
	const files = manifest.n8n.nodes.length + manifest.n8n.credentials.length;
	const warmup = warmupPackage();

	const loads: Load[] = [];
	for (let i = 0; i < processes; i++) loads.push(loadOnce('lazy', warmup), loadOnce('eager', warmup));
	const of = (kind: Kind) => loads.filter((l) => l.kind === kind);
	const ms = (kind: Kind) => round(median(of(kind).map((l) => l.ms)), 1);
	const lazyFound = of('lazy').every((l) => l.lazy);
	return {
		id: 'packageLoad',
		title: `4. Package load: ${files} node and credential files of dist, through n8n's own loaders`,
		method:
			`npm run build (which writes dist/known and dist/types with n8n-core's n8n-generate-metadata), then ${processes} ` +
			"fresh processes per row: n8n-core loaded, its loader run once over an empty package (n8n's own node packages go " +
			'through it first), then performance.now() around loadAll() of this package. n8n 2.x starts installed community ' +
			'packages with the lazy loader (no code of ours is loaded until a workflow or the editor uses a node); the eager ' +
			'loader is what that first use, and an install from the editor, cost.',
		rows: [
			{
				variant: "n8n starting: LazyPackageDirectoryLoader (dist/known, dist/types)",
				'median ms': ms('lazy'),
				'metadata found': lazyFound ? 'yes' : 'no (fell back to the eager load)',
				modules: of('lazy')[0].modules,
			},
			{
				variant: 'first use: PackageDirectoryLoader (every file required, descriptions built)',
				'median ms': ms('eager'),
				modules: of('eager')[0].modules,
			},
		],
		goals: [goal('load time as n8n starts', lazyFound ? ms('lazy') : ms('eager'), 30, 'ms')],
		runs: loads,
	};
}
