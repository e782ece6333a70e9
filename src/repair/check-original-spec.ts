import path from 'node:path';
import { usesCounterexamples } from '../agents/index.js';
import { isSpecChangeAllowed } from '../guard/spec-change-policy.js';
import type { VerusFileIr } from '../ir/index.js';
import { checkSpec } from '../specification/index.js';
import { summarizeSpecCheck, type CandidateCounterexamples, type SpecCheckSummary } from './candidates/candidate-counterexamples.js';
import type { CheckedCandidate } from './candidates/checked-candidate.js';
import type { CrateFiles } from './setup/crate-snapshot.js';
import type { RepairRequest } from './repair-request.js';
import type { SpecCheckSettings } from './setup/spec-check-settings.js';

/** The original's spec check and what it means for the run. */
export interface OriginalSpecCheck {
  summary: SpecCheckSummary | null;
  /** Why the check did not run (the harness did not build, no target is an exec function...): the run goes on without it. */
  skipped: string | null;
  /** Set when a counterexample shows the claim false and nothing that could change it is unfrozen: the run stops before asking the model. */
  stop: string | null;
  /** For the editor when the spec may change (--allow-spec-change): the counterexamples, as the reason to change it. */
  specChangeReason: string | null;
}

/**
 * At a counterexample level, when the original fails verification: runs its target functions'
 * erased exec code against their specs. A counterexample means no proof exists for this code and
 * this spec, so with the spec and the exec code frozen the run stops at once (a passing check
 * proves nothing and changes nothing). Never throws for the harness: a stage that cannot run is skipped.
 */
export async function checkOriginalSpec(request: RepairRequest, settings: SpecCheckSettings | null | undefined, crateDir: string, originalIr: VerusFileIr, baseline: CheckedCandidate, targets: readonly string[], signal?: AbortSignal, originalFiles?: CrateFiles): Promise<OriginalSpecCheck | null> {
  if (!usesCounterexamples(request.feedbackLevel) || settings == null || (baseline.result !== 'failed' && baseline.result !== 'timeout')) return null;
  const functions = targets.filter((name) => originalIr.functions.some((fn) => fn.qualifiedName === name && fn.baseMode === 'exec' && fn.body !== null && fn.insideVerus));
  if (functions.length === 0) return { summary: null, skipped: 'no target is an exec function with a body', stop: null, specChangeReason: null };
  let summary: SpecCheckSummary;
  try {
    const report = await checkSpec({
      crateDir: path.join(crateDir), functions, config: settings.config, environment: settings.environment,
      ...(originalFiles === undefined ? {} : { files: originalFiles }),
      ...(settings.inputs === undefined ? {} : { inputs: settings.inputs }), ...(settings.seed === undefined ? {} : { seed: settings.seed }),
      ...(settings.callTimeoutMs === undefined ? {} : { callTimeoutMs: settings.callTimeoutMs }), ...(signal === undefined ? {} : { signal }),
    });
    summary = summarizeSpecCheck(report);
  } catch (error) {
    signal?.throwIfAborted();
    return { summary: null, skipped: `the spec check could not run: ${error instanceof Error ? error.message : String(error)}`, stop: null, specChangeReason: null };
  }
  return judgeOriginalSpecCheck(request, summary);
}

/**
 * For a resumed run: the original's spec check as its baseline note recorded it, judged again under
 * the run's request, so the stop, the editor's reason to change the spec and the report are those of
 * the run that was killed. A baseline recorded without one (a run started before spec checks were
 * recorded) is checked now, on the original files the baseline holds.
 */
export async function resumeOriginalSpecCheck(request: RepairRequest, recorded: CandidateCounterexamples | null, check: () => Promise<OriginalSpecCheck | null>): Promise<OriginalSpecCheck | null> {
  if (!usesCounterexamples(request.feedbackLevel)) return null;
  if (recorded?.specCheck !== undefined) return judgeOriginalSpecCheck(request, recorded.specCheck);
  const skipped = recorded === null ? null : /^not checked \((.*)\)$/s.exec(recorded.trailer)?.[1];
  if (skipped != null) return { summary: null, skipped, stop: null, specChangeReason: null };
  return check();
}

/** What a spec check of the original means for the run under the request's spec-change policy. */
function judgeOriginalSpecCheck(request: RepairRequest, summary: SpecCheckSummary): OriginalSpecCheck {
  const found = summary.functions.filter((entry) => entry.counterexamples.length > 0);
  const frozen = found.filter((entry) => !['requires', 'ensures'].some((clause) => isSpecChangeAllowed(request.policy, entry.function, clause)));
  const first = frozen[0]?.counterexamples[0];
  return {
    summary,
    skipped: null,
    // The guard never lets a candidate change exec code, so a frozen spec leaves nothing that could make a proof exist.
    stop: first === undefined ? null : `the specification is false for this code: ${first}`,
    specChangeReason: found.length === 0 || first !== undefined ? null : describeSpecChangeReason(found.flatMap((entry) => entry.counterexamples)),
  };
}

/** The baseline's Counterexample trailer and note entry. */
export function describeOriginalSpecCheck(check: OriginalSpecCheck): CandidateCounterexamples {
  const summary = check.summary;
  if (summary === null) return { trailer: `not checked (${check.skipped ?? 'skipped'})` };
  const tried = Math.max(0, ...summary.functions.map((entry) => entry.tried));
  return { trailer: summary.counterexamples.length > 0 ? 'found' : `none in ${tried} inputs`, specCheck: summary };
}

function describeSpecChangeReason(counterexamples: string[]): string {
  return [
    'Running the erased exec code against the specification found a counterexample, so no proof exists for this code and this specification:',
    ...counterexamples.map((line) => `- ${line}`),
    'The exec code cannot change; the specification may (--allow-spec-change): change it so that it holds for what the code does.',
  ].join('\n');
}

/**
 * The original's diagnostics as the editor's task shows them, with the counterexamples found when the
 * spec may change attached as notes to the first error of each such function (the reason to change it).
 */
export function withCounterexampleNotes(diagnostics: CheckedCandidate['diagnostics'], check: OriginalSpecCheck | null): CheckedCandidate['diagnostics'] {
  if (check?.specChangeReason == null || check.summary === null) return diagnostics;
  const pending = new Map(check.summary.functions.filter((entry) => entry.counterexamples.length > 0).map((entry) => [entry.function, entry.counterexamples]));
  return diagnostics.map((diagnostic) => {
    const name = diagnostic.location?.function ?? diagnostic.function;
    const found = name === null ? undefined : pending.get(name);
    if (diagnostic.severity !== 'error' || name === null || found === undefined) return diagnostic;
    pending.delete(name);
    return { ...diagnostic, notes: [...found.map((line) => `counterexample (the erased code was run; the spec may change): ${line}`), ...diagnostic.notes] };
  });
}
