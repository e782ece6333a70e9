import path from 'node:path';
import { usesCounterexamples } from '../../agents/index.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { decodeSourceBytes, parseVerusSource, type VerusFileIr } from '../../ir/index.js';
import { testLoopInvariants } from '../../specification/index.js';
import { summarizeInvariantTest, type CandidateCounterexamples, type InvariantTestSummary } from './candidate-counterexamples.js';
import type { CrateFiles } from '../setup/crate-snapshot.js';
import type { RepairRequest, RepairServices } from '../repair-request.js';

export type CandidateInvariantTest =
  /** Not at a counterexample level, the original, or nothing tested: the candidate goes on as if this stage did not exist. */
  | { status: 'skipped'; counterexamples: CandidateCounterexamples | null }
  | { status: 'falsified'; counterexamples: CandidateCounterexamples; diagnostics: Diagnostic[]; wallTimeMs: number }
  | { status: 'not-falsified'; counterexamples: CandidateCounterexamples };

/**
 * Before Verus, at a counterexample level: runs the candidate's erased code with the loop invariants
 * it added or changed checked at run time (testLoopInvariants). A falsified invariant becomes an
 * error on that invariant (kind invariant-before-loop on entry, invariant-end-of-loop-body after an
 * iteration) carrying the trace, so the candidate is rejected without a Verus call and Houdini pruning
 * can drop exactly the false invariants. A stage that cannot run never rejects anything.
 */
export async function testCandidateInvariants(request: RepairRequest, services: RepairServices, originalFiles: CrateFiles, files: CrateFiles, iteration: number): Promise<CandidateInvariantTest> {
  const settings = services.specCheck;
  if (!usesCounterexamples(request.feedbackLevel) || settings == null || iteration === 0) return { status: 'skipped', counterexamples: null };
  const started = services.now();
  const originalSource = decodeSourceBytes(originalFiles.get(request.file) ?? new Uint8Array(), request.file);
  const candidateSource = decodeSourceBytes(files.get(request.file) ?? new Uint8Array(), request.file);
  let candidate: VerusFileIr;
  try {
    candidate = await parseVerusSource(candidateSource, { file: request.file, requireVerus: false });
  } catch {
    return { status: 'skipped', counterexamples: null };
  }
  const functions = request.targetFunctions ?? candidate.functions.filter((fn) => fn.baseMode === 'exec' && fn.loops.length > 0).map((fn) => fn.qualifiedName);
  let summary: InvariantTestSummary;
  try {
    summary = summarizeInvariantTest(await testLoopInvariants({
      crateDir: path.join(request.repoDir, request.crateDir), files, file: request.file, originalSource, functions, environment: settings.environment, config: settings.config,
      ...(settings.inputs === undefined ? {} : { inputs: settings.inputs }), ...(settings.seed === undefined ? {} : { seed: settings.seed }),
      ...(settings.callTimeoutMs === undefined ? {} : { callTimeoutMs: settings.callTimeoutMs }), ...(services.signal === undefined ? {} : { signal: services.signal }),
    }));
  } catch (error) {
    services.signal?.throwIfAborted();
    return { status: 'skipped', counterexamples: { trailer: `invariants not tested (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` } };
  }
  if (summary.status === 'not-tested') return { status: 'skipped', counterexamples: summary.untested.length === 0 ? null : { trailer: 'invariants not tested', invariantTest: summary } };
  if (summary.status === 'not-falsified') return { status: 'not-falsified', counterexamples: { trailer: `invariants not falsified (${summary.tested} tested before Verus)`, invariantTest: summary } };
  return {
    status: 'falsified',
    counterexamples: { trailer: `invariant falsified before Verus by ${summary.falsified.map((entry) => `${entry.function}(${entry.input})`).join(', ')}`, invariantTest: summary },
    diagnostics: summary.falsified.map((entry) => falsifiedDiagnostic(candidate, request.file, entry)),
    wallTimeMs: services.now() - started,
  };
}

function falsifiedDiagnostic(candidate: VerusFileIr, file: string, entry: InvariantTestSummary['falsified'][number]): Diagnostic {
  const expression = candidate.functions.flatMap((fn) => fn.loops).filter((loop) => loop.id === entry.loopId)
    .flatMap((loop) => loop.clauses.flatMap((clause) => clause.expressions)).find((candidateExpression) => candidateExpression.text === entry.invariant);
  const span = expression?.span;
  return {
    kind: entry.iteration === 0 ? 'invariant-before-loop' : 'invariant-end-of-loop-body',
    message: `invariant false on a concrete run of the erased code (no Verus call was made): ${entry.description}`,
    severity: 'error', code: null, origin: 'precheck',
    primary: span === undefined ? null : { file, line: span.lineStart, column: span.columnStart, lineEnd: span.lineEnd, columnEnd: span.columnEnd, byteStart: span.byteStart, byteEnd: span.byteEnd, label: 'falsified by running the code', sourceText: entry.invariant },
    secondary: [],
    notes: [`input: ${entry.input}; ${entry.iteration === 0 ? 'on entry to the loop' : `after iteration ${entry.iteration}`}: ${entry.values}`],
    expansion: null, function: entry.function,
    location: { function: entry.function, loopId: entry.loopId, clause: expression === undefined ? null : { kind: 'invariant', index: expression.index, text: expression.text } },
  };
}
