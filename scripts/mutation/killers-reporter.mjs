// StrykerJS reporter `killers`: before any mutant runs, writes for each one the test files that killed the same mutant
// (same file, line text, column, mutator and replacement) in the run whose results are committed
// (docs/mutation/stryker-incremental.json), to the file stryker.config.mjs names in MUTATION_KILLERS_FILE.
// jest-sequencer.js runs those files first, so a mutant that the same tests kill again fails in its first file instead
// of after the files the usual order puts before it. Only the order changes: every verdict comes from this run's tests.
// A mutant without such a record keeps the usual order.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

const RECORD = 'docs/mutation/stryker-incremental.json';

/**
 * The same mutant in another run: its file, the text of the line it starts on and its column there (so a mutant whose
 * line moved is still found), its mutator and replacement.
 */
const keyOf = (file, lineText, column, mutator, replacement) => JSON.stringify([file, lineText.trim(), column, mutator, replacement]);

/** key → the test files that killed that mutant in the recorded run */
function recordedKillers(root) {
	const path = join(root, RECORD);
	if (!existsSync(path)) return new Map();
	const report = JSON.parse(readFileSync(path, 'utf8'));
	const fileOfTest = new Map();
	for (const [file, { tests }] of Object.entries(report.testFiles ?? {})) for (const test of tests) fileOfTest.set(test.id, file);
	const killers = new Map();
	for (const [file, { mutants, source }] of Object.entries(report.files ?? {})) {
		const lines = source.split('\n');
		for (const m of mutants) {
			if (m.status !== 'Killed' || !m.killedBy?.length) continue;
			const { line, column } = m.location.start;
			const key = keyOf(file, lines[line - 1] ?? '', column, m.mutatorName, m.replacement);
			// two such mutants on lines of the same text: the files that killed either go first
			const files = new Set([...(killers.get(key) ?? []), ...m.killedBy.map((id) => fileOfTest.get(id)).filter(Boolean)]);
			if (files.size) killers.set(key, [...files]);
		}
	}
	return killers;
}

class KillersReporter {
	onMutationTestingPlanReady({ mutantPlans }) {
		const file = process.env.MUTATION_KILLERS_FILE;
		if (!file) return;
		const root = process.cwd();
		const killers = recordedKillers(root);
		const byMutant = {};
		const sources = new Map();
		let run = 0;
		for (const { plan, mutant } of mutantPlans) {
			if (plan !== 'Run') continue;
			run += 1;
			if (!sources.has(mutant.fileName)) sources.set(mutant.fileName, readFileSync(mutant.fileName, 'utf8').split('\n'));
			// Stryker's own locations count lines and columns from 0, the report's from 1
			const { line, column } = mutant.location.start;
			const lineText = sources.get(mutant.fileName)[line] ?? '';
			const files = killers.get(keyOf(relative(root, mutant.fileName), lineText, column + 1, mutant.mutatorName, mutant.replacement));
			if (files) byMutant[mutant.id] = files;
		}
		mkdirSync(dirname(file), { recursive: true });
		writeFileSync(file, JSON.stringify(byMutant));
		console.log(`killers: ${Object.keys(byMutant).length} of ${run} mutants to run were killed in the recorded run; their killing test files go first`);
	}
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'killers', KillersReporter)];
