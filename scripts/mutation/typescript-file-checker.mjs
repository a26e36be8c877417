// StrykerJS checker `typescript-file` (stryker.config.mjs `checkers`): a mutant that does not compile is reported as a
// compile error and never run, as Stryker's TypeScript checker does, on TypeScript 7 (.work/typescript7, installed by
// scripts/mutation/typescript7.mjs). Stryker's own checker type-checks the whole program for every mutant; this one
// checks the mutated file, and when that has no error the files importing it directly (an exported type the mutant
// changes). An error further away is not seen: such a mutant is run by the tests instead (a run more, never a mutant
// wrongly set aside). MUTATION_CHECK_COMPARE=1 checks the whole program too and logs each mutant where the two differ.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { CheckStatus } from '@stryker-mutator/api/check';
import { PluginKind, commonTokens, declareClassPlugin } from '@stryker-mutator/api/plugin';

const ERROR = 1; // DiagnosticCategory.Error of the TypeScript 7 API

/** The offset of a zero-based line and column in `text`. */
function offsetOf(text, { line, column }) {
	let offset = 0;
	for (let at = 0; at < line; at++) offset = text.indexOf('\n', offset) + 1;
	return offset + column;
}

class TypescriptFileChecker {
	static inject = [commonTokens.logger, commonTokens.options];

	constructor(log, options) {
		this.log = log;
		this.tsconfig = resolve(options.tsconfigFile);
		this.overrides = new Map();
		this.projectFiles = new Set();
		this.changed = new Set();
	}

	async init() {
		const { API } = await import(resolve('.work/typescript7/node_modules/typescript/dist/api/sync/api.js'));
		this.api = new API({
			cwd: process.cwd(),
			fs: { readFile: (file) => this.overrides.get(file), writeFile: () => undefined },
		});
		this.snapshot = this.api.updateSnapshot({ openProject: this.tsconfig });
		const [project] = this.snapshot.getProjects();
		for (const file of project.rootFiles) this.projectFiles.add(resolve(file));
		const errors = this.errors(project.program);
		if (errors.length) throw new Error(`The project does not compile before any mutant: ${errors.join('\n')}`);
		this.log.info('Type-checking each mutant in its own file (TypeScript 7, %s files)', this.projectFiles.size);
	}

	errors(program, file) {
		return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)]
			.filter((diagnostic) => diagnostic.category === ERROR)
			.map((diagnostic) => `${diagnostic.fileName ?? ''}: TS${diagnostic.code}: ${diagnostic.text}`);
	}

	/** The project files that import `file` directly (found once per file, by their import statements). */
	importersOf(file) {
		if (!this.importers) {
			this.importers = new Map();
			for (const from of this.projectFiles) {
				const text = readFileSync(from, 'utf8');
				for (const [, spec] of text.matchAll(/from '(\.[^']+)'/g)) {
					const target = resolve(from, '..', `${spec}.ts`);
					if (!this.importers.has(target)) this.importers.set(target, []);
					this.importers.get(target).push(from);
				}
			}
		}
		return this.importers.get(file) ?? [];
	}

	async check(mutants) {
		const result = {};
		for (const mutant of mutants) result[mutant.id] = this.checkOne(mutant);
		return result;
	}

	checkOne(mutant) {
		const file = resolve(mutant.fileName);
		if (!this.projectFiles.has(file)) return { status: CheckStatus.Passed };
		const original = readFileSync(file, 'utf8');
		const start = offsetOf(original, mutant.location.start);
		const end = offsetOf(original, mutant.location.end);
		for (const earlier of this.overrides.keys()) this.changed.add(earlier);
		this.overrides.clear();
		this.overrides.set(file, `${original.slice(0, start)}${mutant.replacement}${original.slice(end)}`);
		this.changed.add(file);
		this.snapshot.dispose();
		this.snapshot = this.api.updateSnapshot({ openProject: this.tsconfig, fileChanges: { changed: [...this.changed] } });
		this.changed.clear();
		const [project] = this.snapshot.getProjects();
		const errors = this.errors(project.program, file);
		if (!errors.length)
			for (const importer of this.importersOf(file)) errors.push(...this.errors(project.program, importer));
		if (process.env.MUTATION_CHECK_COMPARE) {
			const everywhere = this.errors(project.program);
			if (everywhere.length > 0 !== errors.length > 0)
				this.log.warn('compare: mutant %s (%s:%s) file-only %s, whole program %s: %s', mutant.id, mutant.fileName,
					mutant.location.start.line + 1, errors.length, everywhere.length, everywhere.join(' | '));
		}
		return errors.length ? { status: CheckStatus.CompileError, reason: errors.join('\n') } : { status: CheckStatus.Passed };
	}

	async dispose() {
		this.snapshot?.dispose();
		this.api?.close();
	}
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Checker, 'typescript-file', TypescriptFileChecker)];
