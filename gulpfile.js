// Copies what tsc does not: node and credential icons, and the nodes' codex files, into dist.
const { src, dest, parallel } = require('gulp');

function copyIcons() {
	return src('icons/**/*.{png,svg}').pipe(dest('dist/icons'));
}

function copyNodeAssets() {
	return src(['nodes/**/*.{png,svg,json}', 'credentials/**/*.{png,svg}'], { base: '.' }).pipe(dest('dist'));
}

exports['build:icons'] = parallel(copyIcons, copyNodeAssets);
