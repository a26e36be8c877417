// StrykerJS reporter `plan` (npm run mutation -- --reporters plan,progress): writes where a run's time will go before
// any mutant runs, to .work/mutation/plan.json: per file, the mutants to run, the tests covering them and the worst
// case (every mutant surviving, so running all its covering tests), and each mutant's own figures. With
// MUTATION_PLAN_ONLY=1 the run ends there (after the initial test run, before the checker and the mutants). With
// MUTATION_RUN_LOG=<file>, each mutant's result is added to that file as it comes (beside jest-runner.js's lines).
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { PluginKind, declareClassPlugin } from '@stryker-mutator/api/plugin';

const OUT = '.work/mutation/plan.json';

class PlanReporter {
	onMutationTestingPlanReady({ mutantPlans }) {
		const mutants = mutantPlans
			.filter((plan) => plan.plan === 'Run')
			.map(({ mutant, netTime, runOptions }) => ({
				id: mutant.id,
				file: mutant.fileName.replace(`${process.cwd()}/`, ''),
				line: mutant.location.start.line + 1,
				mutator: mutant.mutatorName,
				replacement: mutant.replacement,
				tests: runOptions.testFilter?.length ?? 'all',
				netTimeMs: Math.round(netTime),
				timeoutMs: Math.round(runOptions.timeout),
			}));
		const files = {};
		for (const mutant of mutants) {
			const file = (files[mutant.file] ??= { mutants: 0, maxTests: 0, worstCaseMs: 0 });
			file.mutants += 1;
			file.maxTests = Math.max(file.maxTests, mutant.tests === 'all' ? Infinity : mutant.tests);
			file.worstCaseMs += mutant.netTimeMs;
		}
		const byCost = Object.entries(files).sort(([, a], [, b]) => b.worstCaseMs - a.worstCaseMs);
		const early = mutantPlans.length - mutants.length;
		mkdirSync('.work/mutation', { recursive: true });
		writeFileSync(OUT, JSON.stringify({ early, run: mutants.length, files: Object.fromEntries(byCost), mutants }, null, 1));
		console.log(`plan: ${mutants.length} mutants to check and run, ${early} decided early (ignored, static, incremental); ${OUT}`);
		if (process.env.MUTATION_PLAN_ONLY) process.exit(0);
	}

	onMutantTested(result) {
		const log = process.env.MUTATION_RUN_LOG;
		if (log) appendFileSync(log, `${JSON.stringify({ result: result.id, status: result.status, at: Date.now() })}\n`);
	}
}

export const strykerPlugins = [declareClassPlugin(PluginKind.Reporter, 'plan', PlanReporter)];
