// scripts/check-package.js on small packages built here: what it refuses (files, globals, modules, missing or stale
// startup metadata) and what it lets through.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'check-package.js');
/** n8n-core's metadata generator, which `npm run build` runs */
const GENERATE_METADATA = join(ROOT, 'node_modules', 'n8n-core', 'bin', 'generate-metadata');
const NODE_FILE = 'dist/Check.node.js';

/**
 * A package folder with the given files (path → content); package.json publishes dist/ unless `files` says otherwise,
 * and lists one node, dist/Check.node.js. Under .work/ so its code finds n8n-workflow and the allowed modules.
 */
function packageWith(files: Record<string, string>, published: string[] = ['dist']): string {
	mkdirSync(join(ROOT, '.work'), { recursive: true });
	const dir = mkdtempSync(join(ROOT, '.work', 'check-package-'));
	const n8n = { n8nNodesApiVersion: 1, nodes: [NODE_FILE], credentials: [] };
	const all: Record<string, string> = {
		'package.json': JSON.stringify({ name: 'n8n-nodes-check', version: '1.0.0', license: 'MIT', files: published, n8n }),
		'README.md': '# check\n',
		LICENSE: 'MIT\n',
		...files,
	};
	for (const [file, content] of Object.entries(all)) {
		mkdirSync(join(dir, file, '..'), { recursive: true });
		writeFileSync(join(dir, file), content);
	}
	return dir;
}

/** Writes dist/known, dist/types and dist/methods as `npm run build` does. */
function generateMetadata(dir: string): void {
	const run = spawnSync(process.execPath, [GENERATE_METADATA], { cwd: dir, encoding: 'utf8' });
	if (run.status !== 0) throw new Error(`n8n-generate-metadata failed: ${run.stderr}`);
}

const dirs: string[] = [];
function check(files: Record<string, string>, options: { published?: string[]; metadata?: boolean; after?: (dir: string) => void } = {}) {
	const dir = packageWith(files, options.published);
	dirs.push(dir);
	if (options.metadata !== false) generateMetadata(dir);
	options.after?.(dir);
	const run = spawnSync(process.execPath, [SCRIPT, dir], { encoding: 'utf8' });
	return { status: run.status, out: run.stdout + run.stderr };
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const CLEAN = `"use strict";
const { sleep } = require('n8n-workflow');
const get = require('lodash/get');
const { DateTime } = require('luxon');
const crypto = require('node:crypto');
exports.f = async (o) => { await sleep(1); return [get(o, 'a'), DateTime.utc(), crypto.randomUUID()]; };
`;

/** A node class as n8n loads it, named after its file. */
const NODE = `class Check {
	constructor() {
		this.description = { displayName: 'Check', name: 'check', group: ['transform'], version: 1, description: 'Checks',
			defaults: { name: 'Check' }, inputs: ['main'], outputs: ['main'], properties: [] };
	}
	async execute() { return [this.getInputData()]; }
}
exports.Check = Check;
`;

describe('check-package', () => {
	it('passes a package of dist/, README.md, LICENSE and package.json whose code loads only what n8n provides', () => {
		// a parameter named like a global is not the global
		const { status, out } = check({ [NODE_FILE]: `${CLEAN}${NODE}exports.run = (process) => process.step;\n` });
		// the node file, README.md, LICENSE, package.json and six metadata files
		expect([status, out]).toEqual([0, expect.stringMatching(/^check-package: ok, 10 files, 1 JavaScript .*n8n's startup metadata matches the code/)]);
	});

	it('names each refused global and module with its file and line, whatever an inline comment says', () => {
		const { status, out } = check({
			[NODE_FILE]: `${CLEAN}// eslint-disable-next-line
setTimeout(() => {}, 10);
const env = process.env;
const g = globalThis;
const here = __dirname;
setInterval(() => {}, 5);
const axios = require('axios');
const fs = require('node:fs');
const m = import('moment');
`,
		}, { metadata: false });
		expect(status).toBe(1);
		for (const [line, name] of [[8, 'setTimeout'], [9, 'process'], [10, 'globalThis'], [11, '__dirname'], [12, 'setInterval']] as const) {
			expect(out).toMatch(new RegExp(`dist/Check\\.node\\.js:${line}:\\d+ Use of restricted global '${name}'`));
		}
		expect(out).toMatch(/dist\/Check\.node\.js:13:\d+ loads 'axios'/);
		expect(out).toMatch(/dist\/Check\.node\.js:14:\d+ loads 'node:fs'/);
		expect(out).toMatch(/dist\/Check\.node\.js:15:\d+ loads 'moment'/);
	});

	it('refuses files outside dist/ in the tarball, and a tarball without dist/', () => {
		const extra = check(
			{ [NODE_FILE]: `${CLEAN}${NODE}`, 'src/index.ts': 'export {};\n', 'CHANGELOG.md': '# 1.0.0\n' },
			{ published: ['dist', 'src', 'CHANGELOG.md'] },
		);
		expect(extra.status).toBe(1);
		expect(extra.out).toContain('the tarball must not hold src/index.ts');
		expect(extra.out).toContain('the tarball must not hold CHANGELOG.md');
		const empty = check({ 'lib/index.js': CLEAN }, { published: ['lib'], metadata: false });
		expect(empty.status).toBe(1);
		expect(empty.out).toContain('the tarball holds no dist/');
	});

	it('refuses a package without the metadata n8n starts it from, and metadata that no longer matches the code', () => {
		const missing = check({ [NODE_FILE]: `${CLEAN}${NODE}` }, { metadata: false });
		expect([missing.status, missing.out]).toEqual([1, expect.stringContaining('dist/known or dist/types is missing')]);
		// the code changed after the metadata was written (a build step skipped)
		const stale = check(
			{ [NODE_FILE]: `${CLEAN}${NODE}` },
			{ after: (dir) => writeFileSync(join(dir, NODE_FILE), readFileSync(join(dir, NODE_FILE), 'utf8').replace("'Checks'", "'Checks again'")) },
		);
		expect(stale.status).toBe(1);
		expect(stale.out).toContain('dist/types/nodes.json differs from the code');
		expect(stale.out).not.toContain('dist/known/nodes.json');
	});
});
