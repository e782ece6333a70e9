import type { Command } from 'commander';
import { AdapterError, ConfigurationError } from '../../core/errors.js';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';
import { MUTATION_OPERATORS, isMutationOperator, type MutationOperator } from '../../review/mutation-operator.js';
import type { ReviewReportPaths } from '../../review/write-review-reports.js';
import { checkOutputPath } from '../check-output-path.js';
import { ExitError } from '../exit-error.js';
import { MAX_SAMPLE_SEED } from '../../review/sample-mutants.js';
import { parseIntegerOption, parseJobsOption } from '../parse-number-option.js';
import { selectRunnerFlag } from '../select-runner-flag.js';
import { narrowFunctions, selectChanges, singleFile, writeNothingChangedSummary } from '../review-change-scope.js';
import { compareReviewFindings, describeBaseline, prepareReviewGate, writeReviewGateOutputs } from '../review-gate.js';

interface ReviewCommandOptions {
  fn: string[];
  file?: string;
  maxMutants?: string;
  seed?: string;
  operators?: string;
  sarif?: string;
  html?: string;
  md?: string;
  codeQuality?: string;
  json?: boolean;
  docker?: boolean;
  local?: boolean;
  queue?: boolean;
  jobs?: string;
  vacuity: boolean;
  specTests: boolean;
  schemata: boolean;
  cache: boolean;
  record: boolean;
  against?: string;
  reprove?: boolean;
  reproveIterations?: string;
  reproveMaxTokens?: string;
  replay?: string;
  recordCassettes?: string;
  since?: string;
  inDiff?: string;
  baseline?: string;
  writeBaseline?: string;
  failOn?: string;
  annotations?: string;
}

const OPERATOR_HELP = Object.entries(MUTATION_OPERATORS).map(([name, description]) => `  ${name}: ${description}`).join('\n');

/** Exit codes: 0 no finding (or none `--fail-on` fails on; a review of changes with nothing changed), 1 findings (survivors, vacuity, spec counterexamples, weak-postcondition witnesses), 2 bad input, 3 toolchain error, 4 no finding but some mutants unsettled, 130 interrupted. */
export function defineReviewCommand(program: Command): void {
  program
    .command('review')
    .argument('[crate]', 'the crate directory', '.')
    .option('--fn <name>', 'review one exec function (repeatable)', (value: string, previous: string[]) => [...previous, value], [] as string[])
    .option('--file <path>', 'review one crate-relative file (default: every src file with verus!)')
    .option('--max-mutants <n>', 'sample this many mutants (seeded) when there are more')
    .option('--seed <n>', 'the sampling seed (default 1)')
    .option('--operators <list>', 'comma-separated mutation operators (default: all; see below)')
    .option('--sarif <file>', 'write a SARIF 2.1.0 report')
    .option('--html <file>', 'write a single-file HTML report')
    .option('--md <file>', 'write a Markdown report')
    .option('--code-quality <file>', 'write a GitLab Code Quality report (JSON) of the findings (the new ones with --baseline)')
    .option('--json', 'print NDJSON events and the review as JSON lines')
    .option('--docker', 'run Verus in the pinned Docker image')
    .option('--local', 'run the Verus installed on this machine')
    .option('--queue', 'verify through the Redis queue served by `verus-repair worker`s ([queue] in verus-repair.toml)')
    .option('--jobs <n>', 'mutants checked at once (default 1)')
    .option('--against <ref>', 'check spec changes since REF (old requires ⟹ new requires, new ensures ⟹ old ensures) and list trusted assumptions added since')
    .option('--reprove', 're-prove each mutant killed by Verus with the repair loop ([model]; guard on, exec code and specs frozen); one it proves is a proven survivor')
    .option('--reprove-iterations <n>', 'repair iterations per re-proved mutant (default [review] reprove_iterations, 2)')
    .option('--reprove-max-tokens <n>', 'model tokens per re-proved mutant (default [review] reprove_max_tokens, none)')
    .option('--replay <dir>', 'with --reprove: answer the model from the cassettes in DIR (<mutant id>.jsonl)')
    .option('--record-cassettes <dir>', 'with --reprove: record the model exchanges to DIR (<mutant id>.jsonl)')
    .option('--since <ref>', 'review only the exec functions whose exec code or spec changed since REF (and those whose spec uses a changed spec fn); a file added since REF is reviewed whole')
    .option('--in-diff <file>', 'as --since, from a unified diff (git diff output) whose new side is the working tree')
    .option('--baseline <file>', 'report only the findings not in this baseline (written by --write-baseline); says how many known ones were hidden')
    .option('--write-baseline <file>', "write this review's findings as a baseline (JSON, fingerprints that survive line moves)")
    .option('--fail-on <when>', 'exit 1 on new-findings, any-finding or none (default any-finding; new-findings with --baseline)')
    .option('--annotations <format>', 'print a workflow command per new finding: github (::warning file=...,line=...::)')
    .option('--no-vacuity', 'skip the vacuity probes')
    .option('--no-spec-tests', 'skip the spec tests: the original run against its spec with output perturbation (weak-postcondition witnesses) and mutants killed by a counterexample before Verus (default [review] spec_tests, true; costs harness cargo builds)')
    .option('--no-schemata', 'build each mutant on its own in the erased stages, instead of one mutant schema for all of them (same verdicts, one build per mutant; for comparison and as a fallback)')
    .option('--no-cache', 'ignore and do not update the result cache')
    .option('--no-record', 'do not record the review in git')
    .description('check how much the specification pins down: mutate exec code, filter with erased cargo build/test, verify survivors with Verus; vacuity checks and the trusted base (exit 0 no finding, 1 findings, 2 bad input, 3 toolchain error, 4 incomplete: mutants without a verdict)')
    .addHelpText('after', `\nMutation operators:\n${OPERATOR_HELP}\n`)
    .action(async (crate: string, options: ReviewCommandOptions) => {
      const runner = selectRunnerFlag(options);
      if (options.reprove !== true && (options.reproveIterations !== undefined || options.reproveMaxTokens !== undefined || options.replay !== undefined || options.recordCassettes !== undefined)) throw new ConfigurationError('--reprove-iterations, --reprove-max-tokens, --replay and --record-cassettes apply only with --reprove');
      const reprove = options.reprove !== true ? undefined : {
        ...(options.reproveIterations === undefined ? {} : { iterations: parseIntegerOption(options.reproveIterations, '--reprove-iterations', '--reprove-iterations 3', 1, REQUEST_BOUNDS.iterations) }),
        ...(options.reproveMaxTokens === undefined ? {} : { maxTokens: parseIntegerOption(options.reproveMaxTokens, '--reprove-max-tokens', '--reprove-max-tokens 20000') }),
        ...(options.replay === undefined ? {} : { replayDir: options.replay }),
        ...(options.recordCassettes === undefined ? {} : { recordDir: options.recordCassettes }),
      };
      const operators = options.operators === undefined ? undefined : parseOperators(options.operators);
      const maxMutants = options.maxMutants === undefined ? undefined : parseIntegerOption(options.maxMutants, '--max-mutants', '--max-mutants 100');
      const seed = options.seed === undefined ? undefined : parseIntegerOption(options.seed, '--seed', '--seed 7', 0, MAX_SAMPLE_SEED);
      const jobs = options.jobs === undefined ? undefined : parseJobsOption(options.jobs, '--jobs', '--jobs 2');
      // Every report path is checked before any work: a review of minutes must not end in EISDIR, nor overwrite the crate it reviewed.
      const reports = await checkReportPaths(options, crate);
      if (options.since !== undefined && options.inDiff !== undefined) throw new ConfigurationError('--since and --in-diff both name the base of the changes; give one. Example: --since origin/main');
      const gate = await prepareReviewGate(options, crate, Object.values(reports));
      const json = options.json === true;
      const selection = await selectChanges(options, crate);
      if (selection !== null) {
        process.stdout.write(json ? `${JSON.stringify({ type: 'changes', ...selection })}\n` : (await import('../../review/changes/render-change-selection.js')).renderChangeSelection(selection));
        if (selection.functions.length === 0) return writeNothingChangedSummary(selection);
      }
      const functions = selection === null ? options.fn : narrowFunctions(selection, options.fn, options.file);
      if (selection !== null && functions.length === 0) {
        process.stdout.write(json ? `${JSON.stringify({ type: 'nothing-to-review', fn: options.fn })}\n` : `nothing to review: no function named by --fn or in --file changed since ${selection.base}\n`);
        return;
      }
      const selectedFile = options.file ?? singleFile(selection);
      const { runReview } = await import('../../review/run-review.js');
      const { writeReviewReports } = await import('../../review/write-review-reports.js');
      const { renderReviewText } = await import('../../review/report/render-review-text.js');
      const { createReviewProgress } = await import('../../review/report/render-review-progress.js');
      const { withInterruptSignal } = await import('../interrupt-signal.js');
      const progress = json ? (event: unknown) => process.stdout.write(`${JSON.stringify(event)}\n`) : createReviewProgress(process.stderr);
      await withInterruptSignal('verus-repair: review interrupted; its cargo and verifier processes were stopped, and nothing was reported or recorded', async (signal) => {
        const outcome = await runReview({
          crateDir: crate,
          functions,
          vacuity: options.vacuity,
          // Only the switch: without it, [review] spec_tests decides.
          ...(options.specTests === false ? { specTests: false } : {}),
          ...(options.schemata === false ? { schemata: false } : {}),
          cache: options.cache,
          signal,
          onEvent: progress,
          ...(reprove === undefined ? {} : { reprove }),
          ...(selectedFile === undefined ? {} : { file: selectedFile }),
          ...(options.against === undefined ? {} : { against: options.against }),
          ...(operators === undefined ? {} : { operators }),
          ...(maxMutants === undefined ? {} : { maxMutants }),
          ...(seed === undefined ? {} : { seed }),
          ...(jobs === undefined ? {} : { jobs }),
          ...(runner === null ? {} : { runner }),
        });
        if (outcome.kind === 'original-not-checked') {
          if (json) process.stdout.write(`${JSON.stringify({ type: 'review-refused', stage: outcome.stage, message: outcome.message })}\n`);
          throw new ExitError(outcome.toolchain ? 3 : 2, `verus-repair: ${outcome.message}; nothing was mutated`);
        }
        // A signal after the last stage still means the user stopped the review: nothing is recorded.
        if (signal.aborted) throw signal.reason;
        const review = outcome.review;
        const found = await compareReviewFindings(review, gate);
        const { hideKnownFindings } = await import('../../review/baseline/hide-known-findings.js');
        const shown = found.comparison === null ? review : hideKnownFindings(review, found.comparison.unchanged);
        const written = await writeReviewReports(review, { reports, record: options.record, sarif: { findings: found.findings, baseline: found.comparison, pathPrefix: found.pathPrefix }, shown, codeQuality: { findings: found.reported, pathPrefix: found.pathPrefix } });
        const { selectRunSandboxesOf, renderRunSandboxes } = await import('../../verifier/sandbox/select-run-sandboxes.js');
        const sandbox = await selectRunSandboxesOf(crate, runner, process.env);
        const baseline = found.comparison === null ? {} : { baseline: { file: found.comparison.file, new: found.comparison.new.map(({ fingerprint }) => fingerprint), unchanged: found.comparison.unchanged.length, absent: found.comparison.absent } };
        if (json) process.stdout.write(`${JSON.stringify({ type: 'review', ...stripSources(review), sandbox, record: written.record, ...baseline })}\n`);
        else process.stdout.write(`${renderRunSandboxes(sandbox)}\n${renderReviewText(shown)}${describeBaseline(found.comparison)}${describeRecording(written.record)}`);
        const annotations = await writeReviewGateOutputs(review, found, gate, selection, process.env);
        if (annotations !== '') process.stdout.write(annotations);
        if (written.failures.length > 0) {
          const kept = written.record === null || written.record.ref === null ? 'the review is printed above' : `the review is recorded on ${written.record.ref} and printed above`;
          throw new AdapterError(`${written.failures.map((failure) => `${failure.option} ${failure.path}: the report could not be written (${failure.message})`).join('; ')}; ${kept}`);
        }
        const { decideReviewExit } = await import('../../review/gate/decide-review-exit.js');
        const decision = decideReviewExit(review, found.reported.length, gate.failOn);
        if (decision.exitCode === 1) throw new ExitError(1);
        if (decision.exitCode === 4) throw new ExitError(4, `verus-repair: ${decision.unsettled} mutant(s) or probe(s) have no verdict (listed above); the review is incomplete`);
      });
    });
}

/** The report options' paths, checked (checkOutputPath: not in .git, not a source of the crate, a writable regular file) and absolute. */
async function checkReportPaths(options: ReviewCommandOptions, crate: string): Promise<ReviewReportPaths> {
  const reports: ReviewReportPaths = {};
  const seen = new Map<string, string>();
  for (const [kind, option] of [['sarif', '--sarif'], ['html', '--html'], ['md', '--md'], ['codeQuality', '--code-quality']] as const) {
    const given = options[kind];
    if (given === undefined) continue;
    const checked = await checkOutputPath({ option, path: given, kind: 'file', protectedCrates: [crate] });
    const earlier = seen.get(checked);
    if (earlier !== undefined) throw new ConfigurationError(`${option} ${given}: ${earlier} already writes this file; give each report its own path`);
    seen.set(checked, option);
    reports[kind] = checked;
  }
  return reports;
}

function parseOperators(list: string): MutationOperator[] {
  const names = list.split(',').map((name) => name.trim()).filter((name) => name !== '');
  const unknown = names.filter((name) => !isMutationOperator(name));
  if (names.length === 0 || unknown.length > 0) throw new ConfigurationError(`--operators: unknown operator ${unknown.join(', ') || '(none given)'}; expected a comma-separated list of ${Object.keys(MUTATION_OPERATORS).join(', ')}. Example: --operators relational-operator,constant`);
  return names as MutationOperator[];
}

function stripSources<T extends { mutants: Array<{ mutant: { source: string } }> }>(review: T): T {
  return { ...review, mutants: review.mutants.map((entry) => ({ ...entry, mutant: { ...entry.mutant, source: undefined } })) };
}

function describeRecording(record: { ref: string; commit: string } | { ref: null; reason: string } | null): string {
  if (record === null) return '';
  return record.ref === null ? `not recorded: ${record.reason}\n` : `recorded on ${record.ref} (${record.commit.slice(0, 10)})\n`;
}
