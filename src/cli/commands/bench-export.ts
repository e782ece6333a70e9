import type { Command } from 'commander';
import { ConfigurationError } from '../../core/errors.js';

interface BenchExportCliOptions {
  leaderboard?: boolean;
  system?: string;
  benchmark?: string;
  submissionId?: string;
  out?: string;
}

/** `bench export DIR --leaderboard`: one leaderboard submission JSON per setting of a finished bench. */
export function defineBenchExportCommand(bench: Command): void {
  bench
    .command('export')
    .argument('<bench-dir>', 'the --out directory of a finished bench (summary.json, settings.json, attempts.jsonl)')
    .option('--leaderboard', 'write Verus Proof Synthesis Leaderboard submissions (the only format so far)')
    .option('--system <name>', 'system_name of the submissions', 'verus-repair')
    .option('--benchmark <name>', 'Verus-Bench, VeruSAGE-Bench or VeruSAGE-Bench-Sampled; inferred from the suite\'s layout when it is a whole checkout')
    .option('--submission-id <id>', 'submission_id (suffixed with the setting when the bench has several)')
    .option('--out <dir>', 'where to write the submissions (default: <bench-dir>/leaderboard)')
    .description('export a finished bench as leaderboard submissions, one per model × setting')
    .action(async (benchDir: string, options: BenchExportCliOptions) => {
      if (options.leaderboard !== true) throw new ConfigurationError('bench export needs a format: --leaderboard (e.g. verus-repair bench export bench-out --leaderboard)');
      // `bench --out` is parsed by the parent command too; take it from there when given.
      const out = options.out ?? (bench.getOptionValueSource('out') === 'cli' ? (bench.opts() as { out: string }).out : undefined);
      const { runBenchExportCommand } = await import('../run-bench-export-command.js');
      await runBenchExportCommand(benchDir, { out: out ?? null, system: options.system ?? null, benchmark: options.benchmark ?? null, submissionId: options.submissionId ?? null });
    });
}
