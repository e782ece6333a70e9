import { parseVerusSource } from '../../ir/index.js';
import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import { checkSpec, parseCrateFiles } from '../check-spec.js';
import { describeCounterexample } from '../report/describe-counterexample.js';
import { instrumentLoopInvariants } from './instrument-loop-invariants.js';
import type { UntestedInvariant } from './invariant-probe.js';
import { collectSpecFunctions } from '../types/spec-function-source.js';
import type { Counterexample } from '../report/spec-check-report.js';

export interface LoopInvariantTestRequest {
  crateDir: string;
  /** The candidate crate's files (the candidate's file in place). */
  files: ReadonlyMap<string, Uint8Array>;
  /** The file the candidate changed, relative to the crate. */
  file: string;
  originalSource: string;
  functions: readonly string[];
  inputs?: number;
  seed?: number;
  callTimeoutMs?: number;
  environment?: NodeJS.ProcessEnv;
  config?: VerifierConfig;
  signal?: AbortSignal;
}

export type FalsifiedInvariant = Extract<Counterexample, { kind: 'invariant-false' }> & { function: string; description: string };

/**
 * `falsified`: an invariant the candidate added or changed is false on a concrete run (its smallest
 * input per function). `not-falsified`: the tested invariants held on every input tried (which proves
 * nothing). `not-tested`: nothing could be tested, with the reason; the candidate goes to Verus as is.
 */
export type LoopInvariantTest =
  | { status: 'falsified'; falsified: FalsifiedInvariant[]; tested: number; untested: UntestedInvariant[]; buildMs: number; runMs: number }
  | { status: 'not-falsified'; tested: number; untested: UntestedInvariant[]; buildMs: number; runMs: number }
  | { status: 'not-tested'; reason: string; untested: UntestedInvariant[]; buildMs: number; runMs: number };

/**
 * Tests the loop invariants a candidate added or changed before Verus is asked: an erased copy of
 * the candidate crate is instrumented (instrumentLoopInvariants) and run on the spec check's inputs
 * (those satisfying the requires). A clause that cannot be compiled passes untested.
 */
export async function testLoopInvariants(request: LoopInvariantTestRequest): Promise<LoopInvariantTest> {
  const decoder = new TextDecoder();
  const candidateSource = decoder.decode(request.files.get(request.file) ?? new Uint8Array());
  const original = await parseVerusSource(request.originalSource, { file: request.file, requireVerus: false });
  const candidate = await parseVerusSource(candidateSource, { file: request.file, requireVerus: false });
  const specFunctions = collectSpecFunctions(await parseCrateFiles(request.files, request.crateDir));
  const instrumented = instrumentLoopInvariants(original, candidate, request.functions, specFunctions);
  const none = { buildMs: 0, runMs: 0 };
  if (instrumented.probes.length === 0) return { status: 'not-tested', reason: 'no added or changed loop invariant could be turned into a check', untested: instrumented.untested, ...none };
  const files = new Map(request.files).set(request.file, new TextEncoder().encode(instrumented.source));
  const functions = [...new Set(instrumented.probes.map((probe) => probe.function))];
  const report = await checkSpec({
    crateDir: request.crateDir, files, functions, probes: instrumented.probes,
    ...(request.inputs === undefined ? {} : { inputs: request.inputs }), ...(request.seed === undefined ? {} : { seed: request.seed }),
    ...(request.callTimeoutMs === undefined ? {} : { callTimeoutMs: request.callTimeoutMs }),
    ...(request.environment === undefined ? {} : { environment: request.environment }), ...(request.config === undefined ? {} : { config: request.config }), ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
  const timing = { buildMs: report.run.buildMs, runMs: report.run.runMs };
  const falsified: FalsifiedInvariant[] = report.functions.flatMap((result) => (result.status !== 'checked' ? [] : result.counterexamples.flatMap((counterexample) =>
    counterexample.kind === 'invariant-false' ? [{ ...counterexample, function: result.function, description: describeCounterexample(result.function, counterexample) }] : [])));
  const checked = report.functions.filter((result) => result.status === 'checked');
  const rejected = new Map((report.rejectedProbeParts ?? []).map((part) => [part.id, part.reason]));
  const untested = [...instrumented.untested];
  let tested = 0;
  for (const probe of instrumented.probes) {
    for (const clause of probe.clauses) {
      const reason = rejected.get(clause.id) ?? rejected.get(`vr_probe_${probe.index}`) ?? (checked.some((result) => result.function === probe.function) ? null : 'the function could not be run');
      if (reason === null) tested += 1;
      else untested.push({ function: probe.function, loopId: probe.loopId, text: clause.text, line: clause.line, reason: `its check does not compile: ${reason.split('\n')[0]}` });
    }
  }
  if (falsified.length > 0) return { status: 'falsified', falsified, tested, untested, ...timing };
  if (checked.length === 0 || tested === 0) {
    const reasons = report.functions.filter((result) => result.status !== 'checked').map((result) => `${result.function}: ${'reason' in result ? result.reason.split('\n')[0] : result.status}`);
    return { status: 'not-tested', reason: reasons.length > 0 ? reasons.join('; ') : 'no invariant check compiled', untested, ...timing };
  }
  return { status: 'not-falsified', tested, untested, ...timing };
}
