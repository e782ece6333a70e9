import { usesCounterexamples } from '../../agents/index.js';
import type { FunctionItem, VerusFileIr } from '../../ir/index.js';
import { parseVerusSource } from '../../ir/index.js';
import { checkSpec } from '../../specification/index.js';
import { summarizeSpecCheck, type FunctionSpecSummary } from '../candidates/candidate-counterexamples.js';
import type { CheckedCandidate } from '../candidates/checked-candidate.js';
import { withFile } from '../setup/crate-snapshot.js';
import type { RepairRunState } from '../repair-run-state.js';
import path from 'node:path';

const SPEC_FAILURE_KINDS = new Set(['postcondition', 'assertion']);

/**
 * At a counterexample level, for a candidate Verus failed on a postcondition or an assertion: what
 * running the erased code against the candidate's spec showed, for the feedback (and the instructor).
 * An unchanged spec reuses the original's check; a changed one (--allow-spec-change) is checked anew,
 * once per distinct spec. Null when there is nothing to say.
 */
export async function describeFeedbackCounterexample(state: RepairRunState, chosen: CheckedCandidate): Promise<string | null> {
  const { request, services } = state;
  if (!usesCounterexamples(request.feedbackLevel) || services.specCheck == null) return null;
  if (chosen.counterexamples?.invariantTest?.status === 'falsified') return null;
  const failing = new Set(chosen.diagnostics.filter((diagnostic) => diagnostic.severity === 'error' && SPEC_FAILURE_KINDS.has(diagnostic.kind)).map((diagnostic) => diagnostic.location?.function ?? diagnostic.function).filter((name): name is string => name !== null));
  if (failing.size === 0) return null;
  let candidate: VerusFileIr;
  try {
    candidate = await parseVerusSource(chosen.source, { file: request.file, requireVerus: false });
  } catch {
    return null;
  }
  const lines: string[] = [];
  for (const name of failing) {
    const now = execFunction(candidate, name);
    if (now === null) continue;
    const before = execFunction(state.originalIr, name);
    const summary = before !== null && specText(before) === specText(now) ? state.originalSpecCheck?.summary?.functions.find((entry) => entry.function === name) ?? null : await checkChangedSpec(state, chosen, name, specText(now));
    if (summary !== null) lines.push(describeSummary(summary));
  }
  return lines.length === 0 ? null : lines.join('\n');
}

async function checkChangedSpec(state: RepairRunState, chosen: CheckedCandidate, name: string, spec: string): Promise<FunctionSpecSummary | null> {
  const key = `${name}\n${spec}`;
  const cache = (state.changedSpecChecks ??= new Map());
  if (cache.has(key)) return cache.get(key) ?? null;
  const settings = state.services.specCheck!;
  let summary: FunctionSpecSummary | null = null;
  try {
    const report = await checkSpec({
      crateDir: path.join(state.request.repoDir, state.request.crateDir), files: withFile(state.originalFiles, state.request.file, chosen.source), functions: [name], config: settings.config, environment: settings.environment,
      ...(settings.inputs === undefined ? {} : { inputs: settings.inputs }), ...(settings.seed === undefined ? {} : { seed: settings.seed }), ...(state.services.signal === undefined ? {} : { signal: state.services.signal }),
    });
    summary = summarizeSpecCheck(report).functions[0] ?? null;
  } catch {
    state.services.signal?.throwIfAborted();
  }
  cache.set(key, summary);
  return summary;
}

function describeSummary(summary: FunctionSpecSummary): string {
  if (summary.counterexamples.length > 0) {
    return [`Counterexample for fn ${summary.function} (its erased exec code was run against this specification; no proof exists for this code and this spec, so change the spec, not the proof):`, ...summary.counterexamples.map((line) => `- ${line}`)].join('\n');
  }
  if (summary.reason !== null) return `Spec check of fn ${summary.function}: not run (${summary.reason}).`;
  return `Spec check of fn ${summary.function}: no counterexample in ${summary.tried} inputs (${summary.satisfyingRequires} satisfied the requires; ${summary.executableClauses} of ${summary.clauses} clauses executable). The claim may well hold, so a proof step is more likely missing than the spec false; a passing check proves nothing.`;
}

function execFunction(ir: VerusFileIr, name: string): FunctionItem | null {
  return ir.functions.find((fn) => fn.qualifiedName === name && fn.baseMode === 'exec' && fn.body !== null) ?? null;
}

function specText(fn: FunctionItem): string {
  return fn.clauses.filter((clause) => clause.kind === 'requires' || clause.kind === 'ensures').map((clause) => `${clause.kind}: ${clause.expressions.map((expression) => expression.text.replace(/\s+/g, ' ')).join(', ')}`).join('\n');
}
