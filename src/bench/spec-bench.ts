import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigurationError } from '../core/errors.js';
import type { BenchReport } from './bench-report.js';
import { describeBenchVerifier } from './describe-bench-verifier.js';
import { measureInvariantEpisode } from './measure-invariant-episode.js';
import { measureReviewSettling } from './measure-review-settling.js';
import { measureSpecCheckCost } from './measure-spec-check-cost.js';
import { listCoverageCrates, measureSpecCoverage, summarizeSpecCoverage, type SpecCoverage } from '../evaluate/coverage/spec-coverage.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';

const FIXTURES_ROOT = fileURLToPath(new URL('../../rust-fixtures/', import.meta.url));
const TARGET_DIR = path.join(FIXTURES_ROOT, 'target');
const REVIEW_FIXTURES = ['review-max-strong', 'review-max-weak', 'review-search-strong', 'review-search-weak', 'review-vacuity'];
const COST_FUNCTION = 'clamp';
const COST_ROUNDS = 5;
const TARGETS = { coverage: 0.8, costRatio: 1.5, settledBeforeVerus: 0.8, callsSaved: 1 };

/**
 * `npm run bench -- spec [DIR]` (issue 19): what share of exec functions' specs compile to checks
 * (the fixtures, and DIR when given), one function's spec check after a one-line change to its crate
 * (the harness built in its warm slot) against the erased pre-check of the same changed crate, the share of review mutants settled before Verus with spec tests on, and the
 * verifier calls the candidate-invariant stage saves in the false-invariant repair episode. Real
 * cargo throughout; verdicts of Verus come from the fake cargo-verus, said beside each such figure.
 */
export async function runSpecBenchmark(args: readonly string[] = []): Promise<BenchReport> {
  const directory = args[0] === undefined ? null : path.resolve(args[0]);
  if (directory !== null && !statSync(directory, { throwIfNoEntry: false })?.isDirectory()) throw new ConfigurationError(`npm run bench -- spec DIR: ${args[0]} is not a directory (expected a directory of crates or of .rs files holding verus!, e.g. rust-fixtures)`);
  const work = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-spec-bench-'));
  try {
    // DIR first: a directory with nothing to check is said before the long part.
    const given = directory === null ? null : await measureCoverage(directory);
    if (given?.functions === 0) throw new ConfigurationError(`npm run bench -- spec DIR: ${args[0]} holds no exec function with a body and a requires or ensures inside verus! (in a crate under it, or a loose .rs file)`);
    const fixtures = await measureCoverage(FIXTURES_ROOT);
    const cost = await measureSpecCheckCost(path.join(FIXTURES_ROOT, 'spec-check'), COST_FUNCTION, TARGET_DIR, COST_ROUNDS);
    const settling = await measureReviewSettling(FIXTURES_ROOT, REVIEW_FIXTURES, work);
    const episode = await measureInvariantEpisode();
    const saved = episode.withoutStage.verifierCalls - episode.withStage.verifierCalls;
    return {
      name: 'spec checks (real cargo for the erased code and the harness; Verus verdicts from the fake cargo-verus where said)',
      lines: [
        ...describeCoverage('rust-fixtures/*/src', fixtures),
        ...(given === null ? [] : describeCoverage(args[0]!, given)),
        `one function's spec check after a one-line change to the crate (${COST_FUNCTION} on rust-fixtures/spec-check, ${cost.inputs} inputs; a statement of its body changed each round, its harness built in the ${cost.harnessDirectory} the previous round built in; median of ${cost.rounds.length} rounds): ${(cost.specCheckMs / 1000).toFixed(2)} s over the erased pre-check of the same changed crate (cargo build + cargo test, from nothing, as a candidate or a mutant is pre-checked) ${(cost.precheckMs / 1000).toFixed(2)} s = ${cost.ratio.toFixed(2)}x (target <= ${TARGETS.costRatio}x: ${judge(cost.ratio <= TARGETS.costRatio)}) [real cargo, same run; absolute times depend on the machine's load]`,
        ...cost.rounds.map((round, index) => `  round ${index + 1}: spec check ${(round.specCheckMs / 1000).toFixed(2)} s (harness build ${(round.buildMs / 1000).toFixed(2)} s) / pre-check ${(round.precheckMs / 1000).toFixed(2)} s = ${(round.specCheckMs / round.precheckMs).toFixed(2)}x; / cargo build alone ${(round.buildPrecheckMs / 1000).toFixed(2)} s = ${(round.specCheckMs / round.buildPrecheckMs).toFixed(2)}x`),
        `  against \`cargo build\` alone (test = false): ${(cost.buildPrecheckMs / 1000).toFixed(2)} s, ${cost.buildRatio.toFixed(2)}x [no target]`,
        `  of which the harness build ${(cost.buildMs / cost.precheckMs).toFixed(2)}x the pre-check (the changed lib with the harness module and the harness binary's link, incrementally; the runtime crate and vstd are built once per target directory, before), the run alone ${(cost.runMs / cost.precheckMs).toFixed(2)}x (what a second function of the same build adds), the rest ${(Math.max(0, cost.specCheckMs - cost.buildMs - cost.runMs) / cost.precheckMs).toFixed(2)}x (parsing, syncing the slot, the sandbox)`,
        `  the same change checked again (its harness reused from the cache, only run): ${(cost.reusedMs / 1000).toFixed(2)} s = ${cost.reusedRatio.toFixed(2)}x the pre-check`,
        `  ran: ${describeCommand(cost.specCommand)}, then ${describeCommand(cost.runCommand)}; against \`cargo build\`, then ${describeCommand(cost.precheckCommand)}, on a fresh copy of the crate (its lib compiled again, vstd from the shared target directory ${TARGET_DIR})`,
        `review, settled before Verus with spec tests on (${settling.fixtures.length} review fixtures, ${settling.mutants} mutants, --jobs 1): ${percent(settling.share)} (target >= ${percent(TARGETS.settledBeforeVerus)}: ${judge(settling.share >= TARGETS.settledBeforeVerus)}): ${settling.stillborn} stillborn, ${settling.killedByTests} killed by tests, ${settling.killedBySpecTests} killed by spec tests; ${settling.reachedVerus} reached Verus [the share is real: erased build, tests and spec tests ran for real; the verdicts of the mutants that reach Verus come from the fake verifier]`,
        `  ${describeBenchVerifier(settling.origins)}`,
        `false-invariant repair episode (running_max, scripted model): ${episode.withStage.verifierCalls} verifier calls with the invariant stage, ${episode.withoutStage.verifierCalls} without it: ${saved} saved (target >= ${TARGETS.callsSaved}: ${judge(saved >= TARGETS.callsSaved)}); outcomes ${episode.withStage.outcome} / ${episode.withoutStage.outcome} [a count from the fake cargo-verus's invocation log; its verdicts are synthetic]`,
      ],
      metrics: {
        fixtureSpecShare: fixtures.share, ...(given === null ? {} : { givenSpecShare: given.share }),
        changedSpecCheckMs: cost.specCheckMs, erasedPrecheckMs: cost.precheckMs, changedSpecCheckOverPrecheck: cost.ratio, changedSpecCheckOverBuild: cost.buildRatio,
        reusedSpecCheckMs: cost.reusedMs, reusedSpecCheckOverPrecheck: cost.reusedRatio,
        settledBeforeVerusShare: settling.share, killedBySpecTests: settling.killedBySpecTests,
        episodeCallsWithStage: episode.withStage.verifierCalls, episodeCallsWithoutStage: episode.withoutStage.verifierCalls, episodeCallsSaved: saved,
      },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Every exec function with an ensures under `directory` (spec-coverage's listing: crates, loose .rs files), 20 inputs each; loose files build in the fixtures' target directory. */
async function measureCoverage(directory: string): Promise<SpecCoverage> {
  const base = defaultVerifierConfig(FIXTURES_ROOT);
  const fallbackConfig = { ...base, precheck: { ...base.precheck, targetDir: TARGET_DIR, offline: true } };
  const crates = await measureSpecCoverage({ crates: listCoverageCrates([directory]).crates, callTimeoutMs: 500, fallbackConfig });
  return summarizeSpecCoverage(crates.flatMap((entry) => (entry.report === null ? [] : entry.report.functions.map((check) => ({ ...check, crate: entry.crate.label })))));
}

function describeCoverage(label: string, coverage: SpecCoverage): string[] {
  return [
    `exec functions whose requires and ensures all compile to checks (${label}): ${coverage.executable} of ${coverage.functions} = ${percent(coverage.share)} (target >= ${percent(TARGETS.coverage)}: ${judge(coverage.share >= TARGETS.coverage)}); clauses ${coverage.executableClauses} of ${coverage.clauses} [real cargo: one harness build per crate]`,
    ...coverage.reasons.map((entry) => `  not executable: ${entry.reason}: ${entry.functions.length} (${entry.functions.join(', ')})`),
  ];
}

/** A command without its sandbox prefix (bwrap's bind mounts say nothing about the cost). */
function describeCommand(command: readonly string[]): string {
  const separator = command[0] === 'bwrap' ? command.indexOf('--', 1) : -1;
  return `\`${(separator === -1 ? command : ['bwrap ...', ...command.slice(separator)]).join(' ')}\``;
}

function judge(met: boolean): string {
  return met ? 'PASS' : 'MISS';
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`;
}
