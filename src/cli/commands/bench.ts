import type { Command } from 'commander';
import type { BenchFlags } from '../bench-flags.js';
import { FEEDBACK_LEVELS } from '../../agents/feedback/feedback-level.js';
import { ConfigurationError } from '../../core/errors.js';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';
import { parseIntegerOption, parseJobsOption, parsePositiveNumberOption } from '../parse-number-option.js';
import { selectRunnerFlag } from '../select-runner-flag.js';
import { defineBenchExportCommand } from './bench-export.js';

interface BenchCliOptions {
  grid?: string;
  out: string;
  jobs: string;
  resume?: boolean;
  replay?: string;
  record?: string;
  maxCost?: string;
  maxTokens?: string;
  maxTime?: string;
  maxAttempts?: string;
  json?: boolean;
  model?: string[];
  feedback?: string;
  samples?: string;
  iterations?: string;
  repetitions?: string;
  temperature?: string;
  docker?: boolean;
  local?: boolean;
  queue?: boolean;
  stability?: string;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function defineBenchCommand(program: Command): void {
  const bench = program
    .command('bench')
    .argument('<suite>', 'a manifest (.toml/.jsonl), a Verus-Bench checkout or source directory (unverified/*.rs), a VeruSAGE-Bench checkout or task directory (AL__*.rs, ...) or a directory of crates with broken/*.toml')
    .option('--grid <file>', 'TOML grid: models, feedback levels, samples, temperature, iterations, repetitions (e.g. bench/grids/study-12.toml)')
    .option('--out <dir>', 'bench directory: attempts.jsonl, summary.json/md, report.html', 'bench-out')
    .option('--jobs <n>', 'attempts run side by side', '1')
    .option('--resume', 'skip attempts already in <out>/attempts.jsonl')
    .option('--replay <dir>', 'answer every model call from the cassette per attempt in <dir>')
    .option('--record <dir>', 'record a cassette per attempt into <dir>')
    .option('--max-cost <usd>', 'stop starting attempts once this much is spent')
    .option('--max-tokens <n>', 'stop starting attempts once this many tokens are used')
    .option('--max-time <seconds>', 'stop starting attempts after this long')
    .option('--max-attempts <n>', 'refuse a bench that plans more attempts (tasks x settings x repetitions); default 100000 or the grid\'s max_attempts')
    .option('--model <name>', 'model axis (repeatable; overrides the grid)', collect)
    .option('--feedback <levels>', `feedback axis, comma-separated, of ${FEEDBACK_LEVELS.join(', ')}`)
    .option('--samples <k>', 'candidates per iteration')
    .option('--iterations <n>', 'iteration budget (Correct@k for k up to it)')
    .option('--repetitions <r>', 'repetitions per task and setting')
    .option('--temperature <t>', 'sampling temperature')
    .option('--docker', 'verify in the pinned Docker image')
    .option('--local', 'verify with a local cargo verus / verus')
    .option('--queue', 'verify through the Redis queue served by `verus-repair worker`s (VERUS_REPAIR_REDIS_URL, or [queue] in the grid or verus-repair.toml)')
    .option('--stability <n>', 're-verify each verified candidate under N solver seeds; the summary adds Stable-Correct@k (default [verifier] stability_seeds, 0 = off)')
    .option('--json', 'print NDJSON events instead of progress')
    .description('measure Correct@k, cost and verifier work of repair settings on a task suite')
    .action(async (suite: string, options: BenchCliOptions) => {
      const { runBenchCommand } = await import('../run-bench-command.js');
      await runBenchCommand(suite, options.grid ?? null, readBenchFlags(options), options.json === true);
    });
  bench
    .command('generate')
    .argument('<verified-dir>', 'a directory of verified .rs files')
    .option('--out <suite>', 'the suite directory to write (unverified/, verified/, manifest.jsonl); required')
    .option('--seed <n>', 'seed for the order of generated tasks', '1')
    .option('--defects <mode>', 'single or multi (two defects per task)', 'single')
    .description('turn verified files into repair tasks by removing one proof element at a time')
    .action(async (verifiedDir: string, options: { out?: string; seed: string; defects: string }) => {
      // `bench --out` is parsed by the parent command too; take it from there when given.
      const out = options.out ?? (bench.getOptionValueSource('out') === 'cli' ? (bench.opts() as { out: string }).out : undefined);
      if (out === undefined) throw new ConfigurationError('bench generate needs --out SUITE, the directory to write the tasks to');
      if (options.defects !== 'single' && options.defects !== 'multi') throw new ConfigurationError(`--defects expects single or multi; got "${options.defects}"`);
      const { runGenerateCommand } = await import('../run-bench-command.js');
      await runGenerateCommand(verifiedDir, out, parseIntegerOption(options.seed, '--seed', '--seed 7', 0), options.defects);
    });
  bench
    .command('compare')
    .argument('<dir-a>').argument('<dir-b>')
    .option('--json', 'print the comparison as JSON')
    .description('per setting, the difference in Correct@k on the tasks both benches attempted')
    .action(async (dirA: string, dirB: string, options: { json?: boolean }) => {
      const { compareBenchRuns, renderComparison } = await import('../../evaluate/results/compare-bench-runs.js');
      const comparison = compareBenchRuns(dirA, dirB);
      process.stdout.write(options.json === true ? `${JSON.stringify(comparison, null, 2)}\n` : renderComparison(comparison));
    });
  defineBenchExportCommand(bench);
}


function readBenchFlags(options: BenchCliOptions): BenchFlags {
  const runner = selectRunnerFlag(options);
  if (options.replay !== undefined && options.record !== undefined) throw new ConfigurationError('--replay and --record exclude each other: a replayed bench sends nothing to record');
  const temperature = options.temperature === undefined ? null : Number(options.temperature);
  if (temperature !== null && !(temperature >= 0 && temperature <= 2)) throw new ConfigurationError(`--temperature expects a number from 0 to 2; got "${options.temperature}"`);
  const count = (value: string | undefined, flag: string, example: string, maximum?: number): number | null => (value === undefined ? null : parseIntegerOption(value, flag, `${flag} ${example}`, 1, maximum));
  return {
    out: options.out, jobs: parseJobsOption(options.jobs, '--jobs', '--jobs 4'), resume: options.resume === true, replay: options.replay ?? null, record: options.record ?? null,
    maxCostUsd: options.maxCost === undefined ? null : parsePositiveNumberOption(options.maxCost, '--max-cost', '--max-cost 5'), maxTokens: count(options.maxTokens, '--max-tokens', '2000000'),
    maxWallTimeMs: options.maxTime === undefined ? null : parsePositiveNumberOption(options.maxTime, '--max-time', '--max-time 3600') * 1000,
    models: options.model ?? [], feedback: options.feedback === undefined ? null : options.feedback.split(',').map((level) => level.trim()),
    samples: count(options.samples, '--samples', '2', REQUEST_BOUNDS.samples), iterations: count(options.iterations, '--iterations', '6', REQUEST_BOUNDS.iterations),
    repetitions: count(options.repetitions, '--repetitions', '3', REQUEST_BOUNDS.repetitions),
    temperature, runner, maxAttempts: count(options.maxAttempts, '--max-attempts', '200000'),
    stability: options.stability === undefined ? null : parseIntegerOption(options.stability, '--stability', '--stability 3', 0, 64),
  };
}
