// Builds dist: one bundle of every node and credential class, a small file at each path package.json's
// n8n section lists (n8n requires those), and the icons and codex files.
// One bundle instead of one file per module: n8n requires our files when it starts, and resolving and
// compiling them one by one cost most of the load time (README "Benchmark", scenario 4).
const { rmSync, mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { src, dest, parallel, series } = require('gulp');
const esbuild = require('esbuild');

const BUNDLE = 'dist/wine-fulfillment.js';

/** Each file n8n loads, its source, and the class it exports (named after the file, as n8n expects). */
function entries() {
	const { n8n } = require('./package.json');
	return [...n8n.nodes, ...n8n.credentials].map((file) => ({
		file,
		source: `./${file.replace(/^dist\//, '').replace(/\.js$/, '')}`,
		className: path.basename(file).split('.')[0],
	}));
}

function clean(done) {
	rmSync('dist', { recursive: true, force: true });
	done();
}

async function bundle() {
	await esbuild.build({
		stdin: {
			contents: entries()
				.map(({ source, className }) => `export { ${className} } from '${source}';`)
				.join('\n'),
			resolveDir: __dirname,
			loader: 'ts',
			sourcefile: 'entries.ts',
		},
		bundle: true,
		platform: 'node',
		format: 'cjs',
		target: 'node20',
		// n8n provides these at run time (n8n-workflow, lodash, luxon, zod, p-limit, crypto)
		packages: 'external',
		legalComments: 'none',
		outfile: BUNDLE,
		logLevel: 'warning',
	});
}

function entryFiles(done) {
	for (const { file, className } of entries()) {
		const bundle = path.relative(path.dirname(file), BUNDLE).split(path.sep).join('/');
		mkdirSync(path.dirname(file), { recursive: true });
		writeFileSync(
			file,
			`"use strict";\n// ${className} lives in the package's one bundle; n8n loads it from this path.\n` +
				`exports.${className} = require('${bundle.startsWith('.') ? bundle : `./${bundle}`}').${className};\n`,
		);
	}
	done();
}

function copyIcons() {
	return src('icons/**/*.{png,svg}').pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.' }).pipe(dest('dist'));
}

exports.build = series(clean, parallel(series(bundle, entryFiles), copyIcons, copyNodeAssets));
