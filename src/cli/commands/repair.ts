import type { Command } from 'commander';
import { FEEDBACK_LEVELS, type FeedbackLevel, usesTactics } from '../../agents/feedback/feedback-level.js';
import { ConfigurationError } from '../../core/errors.js';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';
import type { RepairInvocation } from '../../repair/setup/prepare-repair.js';
import { ExitError } from '../exit-error.js';
import { parseIntegerOption, parsePositiveNumberOption } from '../parse-number-option.js';
import { selectRunnerFlag } from '../select-runner-flag.js';

interface RepairOptions {
  fn?: string[];
  file?: string;
  iterations: string;
  feedback: string;
  samples?: string;
  model?: string;
  docker?: boolean;
  local?: boolean;
  queue?: boolean;
  replay?: string;
  record?: string;
  json?: boolean;
  resume?: string;
  allowSpecChange?: string[];
  houdiniRounds: string;
  tacticBudget?: string;
  maxTokens?: string;
  maxCost?: string;
  maxTime?: string;
  cache: boolean;
  scope?: string;
  stability?: string;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function defineRepairCommand(program: Command): void {
  program
    .command('repair')
    .argument('[crate]', 'crate directory', '.')
    .option('--fn <name>', 'function to repair (repeatable); default: every failing function', collect)
    .option('--file <path>', 'the file to repair, relative to the crate (default src/lib.rs or src/main.rs)')
    .option('--iterations <n>', 'iteration budget (the study used 6)', '6')
    .option('--feedback <level>', 'feedback level: none, generic, auto (instructor), guided (generic + tactic cards) or auto+guided (instructor with the cards)', 'auto')
    .option('--tactic-budget <tokens>', 'tokens (o200k_base) for the tactic cards of one guided feedback message (default 700)')
    .option('--samples <k>', 'candidates per iteration, checked side by side')
    .option('--model <name>', 'model name (overrides [model] name in verus-repair.toml)')
    .option('--docker', 'verify in the pinned Docker image')
    .option('--local', 'verify with a local cargo verus / verus')
    .option('--queue', 'verify through the Redis queue served by `verus-repair worker`s ([queue] in verus-repair.toml)')
    .option('--replay <cassette>', 'answer model calls from a recorded cassette (exact re-execution)')
    .option('--record <cassette>', 'record every model exchange to a JSONL cassette')
    .option('--resume <run>', 'resume a killed run from its ledger')
    .option('--allow-spec-change <fn.clause>', 'unfreeze a specification clause (repeatable), e.g. sum_to.ensures', collect)
    .option('--houdini-rounds <n>', 'pruning rounds for failing added invariants/asserts before asking the model again', '2')
    .option('--max-tokens <n>', 'token budget for the run')
    .option('--max-cost <usd>', 'cost budget for the run (needs prices in the config)')
    .option('--max-time <seconds>', 'wall-clock budget for the run')
    .option('--no-cache', 'bypass the verification result cache')
    .option('--scope <scope>', 'what each candidate check verifies: focused (the changed functions, then the whole crate to confirm) or crate')
    .option('--stability <n>', 're-verify a verified candidate under N solver seeds before it counts as stable (0 = off; default [verifier] stability_seeds)')
    .option('--json', 'print NDJSON events instead of progress')
    .description('repair failing Verus proofs: propose, guard, pre-check, verify, record in git, feed back; exit 0 when verified')
    .action(async (crate: string, options: RepairOptions) => {
      const { runRepairCommand } = await import('../run-repair-command.js');
      const outcome = await runRepairCommand(crate, () => readInvocation(options), { json: options.json === true, resume: options.resume ?? null });
      if (outcome !== 'verified') throw new ExitError(1);
    });
}

/** The invocation the options describe; malformed values are ConfigurationErrors with an example. */
function readInvocation(options: RepairOptions): Omit<RepairInvocation, 'crate'> {
  const runner = selectRunnerFlag(options);
  const level = feedbackLevel(options.feedback);
  if (options.tacticBudget !== undefined && !usesTactics(level)) throw new ConfigurationError(`--tactic-budget applies to the levels that send tactic cards (${FEEDBACK_LEVELS.filter(usesTactics).join(', ')}); got --feedback ${level}`);
  return {
    functions: options.fn ?? [],
    file: options.file ?? null,
    iterations: positiveInteger(options.iterations, '--iterations', '6', REQUEST_BOUNDS.iterations),
    feedbackLevel: level,
    ...(options.tacticBudget === undefined ? {} : { tacticBudget: positiveInteger(options.tacticBudget, '--tactic-budget', '700', REQUEST_BOUNDS.tacticTokens) }),
    samples: options.samples === undefined ? null : positiveInteger(options.samples, '--samples', '2', REQUEST_BOUNDS.samples),
    model: options.model ?? null,
    runner,
    replay: options.replay ?? null,
    record: options.record ?? null,
    allowSpecChanges: options.allowSpecChange ?? [],
    houdiniRounds: parseIntegerOption(options.houdiniRounds, '--houdini-rounds', '--houdini-rounds 0', 0),
    maxTokens: options.maxTokens === undefined ? null : positiveInteger(options.maxTokens, '--max-tokens', '200000'),
    maxCostUsd: options.maxCost === undefined ? null : parsePositiveNumberOption(options.maxCost, '--max-cost', '--max-cost 0.5'),
    maxWallTimeMs: options.maxTime === undefined ? null : parsePositiveNumberOption(options.maxTime, '--max-time', '--max-time 600') * 1000,
    cache: options.cache,
    ...(options.scope === undefined ? {} : { scope: verificationScope(options.scope) }),
    ...(options.stability === undefined ? {} : { stability: parseIntegerOption(options.stability, '--stability', '--stability 3', 0, 64) }),
    runId: null,
    environment: process.env,
  };
}

/** A count from 1 to `maximum` (a token budget has none: it only limits what is spent). */
function positiveInteger(value: string, flag: string, example: string, maximum = Number.MAX_SAFE_INTEGER): number {
  const number = Number(value);
  const bound = maximum === Number.MAX_SAFE_INTEGER ? '' : ` up to ${maximum}`;
  if (!Number.isInteger(number) || number < 1 || number > maximum) throw new ConfigurationError(`${flag} expects a positive integer${bound}, e.g. ${flag} ${example}; got "${value}"`);
  return number;
}

function verificationScope(value: string): 'focused' | 'crate' {
  if (value === 'focused' || value === 'crate') return value;
  throw new ConfigurationError(`--scope expects focused or crate; got "${value}"`);
}

function feedbackLevel(value: string): FeedbackLevel {
  if ((FEEDBACK_LEVELS as readonly string[]).includes(value)) return value as FeedbackLevel;
  throw new ConfigurationError(`--feedback expects one of ${FEEDBACK_LEVELS.join(', ')}; got "${value}"`);
}
