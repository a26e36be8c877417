// Run by `npm run mutation` before StrykerJS: installs TypeScript 7, which the mutation checker uses
// (scripts/mutation/typescript-file-checker.mjs), once into the git-ignored .work/typescript7. Not a dev dependency:
// TypeScript 7's package names its command `tsc` too, and beside TypeScript 5 npm links either one as
// node_modules/.bin/tsc (the build needs TypeScript 5).
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const VERSION = '7.0.2';
const home = resolve('.work/typescript7');
const installed = resolve(home, 'node_modules/typescript');

function version() {
	try {
		return JSON.parse(readFileSync(resolve(installed, 'package.json'), 'utf8')).version;
	} catch {
		return undefined;
	}
}

if (version() !== VERSION) {
	mkdirSync(home, { recursive: true });
	execFileSync('npm', ['install', '--no-save', '--no-package-lock', '--prefix', home, `typescript@${VERSION}`], {
		stdio: 'inherit',
	});
}
