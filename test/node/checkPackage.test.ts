// scripts/check-package.js on small packages built here: what it refuses (files, globals, modules) and what it lets through.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SCRIPT = join(__dirname, '..', '..', 'scripts', 'check-package.js');

/** A package folder with the given files (path → content); package.json publishes dist/ unless `files` says otherwise. */
function packageWith(files: Record<string, string>, published: string[] = ['dist']): string {
	const dir = mkdtempSync(join(tmpdir(), 'check-package-'));
	const all: Record<string, string> = {
		'package.json': JSON.stringify({ name: 'n8n-nodes-check', version: '1.0.0', license: 'MIT', files: published }),
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

const dirs: string[] = [];
function check(files: Record<string, string>, published?: string[]) {
	const dir = packageWith(files, published);
	dirs.push(dir);
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

describe('check-package', () => {
	it('passes a package of dist/, README.md, LICENSE and package.json whose code loads only what n8n provides', () => {
		// a parameter named like a global is not the global
		const { status, out } = check({ 'dist/index.js': `${CLEAN}exports.run = (process) => process.step;\n` });
		expect([status, out]).toEqual([0, expect.stringMatching(/^check-package: ok, 4 files, 1 JavaScript/)]);
	});

	it('names each refused global and module with its file and line, whatever an inline comment says', () => {
		const { status, out } = check({
			'dist/index.js': `${CLEAN}// eslint-disable-next-line
setTimeout(() => {}, 10);
const env = process.env;
const g = globalThis;
const here = __dirname;
setInterval(() => {}, 5);
const axios = require('axios');
const fs = require('node:fs');
const m = import('moment');
`,
		});
		expect(status).toBe(1);
		for (const [line, name] of [[8, 'setTimeout'], [9, 'process'], [10, 'globalThis'], [11, '__dirname'], [12, 'setInterval']] as const) {
			expect(out).toMatch(new RegExp(`dist/index\\.js:${line}:\\d+ Use of restricted global '${name}'`));
		}
		expect(out).toMatch(/dist\/index\.js:13:\d+ loads 'axios'/);
		expect(out).toMatch(/dist\/index\.js:14:\d+ loads 'node:fs'/);
		expect(out).toMatch(/dist\/index\.js:15:\d+ loads 'moment'/);
	});

	it('refuses files outside dist/ in the tarball, and a tarball without dist/', () => {
		const extra = check({ 'dist/index.js': CLEAN, 'src/index.ts': 'export {};\n', 'CHANGELOG.md': '# 1.0.0\n' }, ['dist', 'src', 'CHANGELOG.md']);
		expect(extra.status).toBe(1);
		expect(extra.out).toContain('the tarball must not hold src/index.ts');
		expect(extra.out).toContain('the tarball must not hold CHANGELOG.md');
		const empty = check({ 'lib/index.js': CLEAN }, ['lib']);
		expect(empty.status).toBe(1);
		expect(empty.out).toContain('the tarball holds no dist/');
	});
});
