import { rm } from 'node:fs/promises';
import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import type { Diagnostic } from '../../core/diagnostic.js';
import { guardCandidate } from '../../guard/guard-candidate.js';
import { parseVerusSource } from '../../ir/index.js';
import type { ProofResultLabel } from '../../ledger/proof-trailers.js';
import type { CandidateVerification } from '../../verifier/candidate-verification.js';
import { mapDiagnosticsToIr } from '../../verifier/map-diagnostics-to-ir.js';
import { planVerificationScope } from '../../verifier/scope/plan-verification-scope.js';
import { verifyInScope } from '../../verifier/scope/verify-in-scope.js';
import { checkCandidateEntailment } from './check-candidate-entailment.js';
import type { CheckedCandidate } from './checked-candidate.js';
import { materializeCrate, withFile, type CrateFiles } from '../setup/crate-snapshot.js';
import type { CandidateStage } from '../repair-event.js';
import { testCandidateInvariants } from './test-candidate-invariants.js';
import type { RepairRequest, RepairServices } from '../repair-request.js';

export interface CandidateToCheck {
  iteration: number;
  sample: number;
  origin: 'model' | 'houdini';
  source: string;
}

/**
 * Guard → erased pre-check → verifier, for one candidate. A rejected candidate never reaches cargo or
 * Verus. The verifier runs in the candidate's scope: the functions it changed (then the whole crate
 * as confirmation), or the whole crate when focusing is impossible or `scope = "crate"`.
 */
export async function checkCandidate(
  request: RepairRequest,
  services: RepairServices,
  originalFiles: CrateFiles,
  candidate: CandidateToCheck,
): Promise<CheckedCandidate> {
  const started = services.now();
  const stage = (name: CandidateStage): void => services.emit({ type: 'candidate-stage', iteration: candidate.iteration, sample: candidate.sample, origin: candidate.origin, stage: name });
  const files = withFile(originalFiles, request.file, candidate.source);
  stage('guard');
  const guard = await guardCandidate({ original: originalFiles, candidate: files, editableFiles: [request.file], policy: request.policy });
  const base = { ...candidate, guard, wallTimeMs: 0 };
  if (guard.verdict === 'reject') return { ...base, result: 'guard-rejected', verification: null, diagnostics: [], wallTimeMs: services.now() - started };
  // At a counterexample level, added loop invariants are run first: a false one costs no Verus call.
  const invariants = await testCandidateInvariants(request, services, originalFiles, files, candidate.iteration);
  if (invariants.status === 'falsified') {
    services.emit({ type: 'invariant-falsified', iteration: candidate.iteration, sample: candidate.sample, origin: candidate.origin, falsified: invariants.counterexamples.invariantTest?.falsified.map((entry) => entry.description) ?? [] });
    return { ...base, result: 'failed', verification: null, diagnostics: invariants.diagnostics, counterexamples: invariants.counterexamples, wallTimeMs: services.now() - started };
  }
  const tested = invariants.counterexamples === null ? {} : { counterexamples: invariants.counterexamples };

  const plan = await planVerificationScope({ originalFiles, file: request.file, candidate: files.get(request.file) ?? candidate.source, policy: request.verification.scope ?? 'focused' });
  const scratch = await materializeCrate(files, path.join(request.repoDir, request.crateDir), `${request.runId}-i${candidate.iteration}s${candidate.sample}`);
  try {
    const verification = await verifyInScope(scratch, plan, request.verification, {
      verifier: services.verifier,
      prechecker: services.prechecker,
      cache: services.cache,
      precheckRunsTests: services.precheckRunsTests,
      onStage: stage,
      // The baseline is never stability-checked: only a candidate's proof is asked to be robust.
      stabilitySeeds: candidate.iteration === 0 ? [] : request.stabilitySeeds ?? [],
    }, services.signal);
    const { result, diagnostics } = readVerdict(verification);
    // A verified candidate that changed a spec (allowed by --allow-spec-change) gets the entailment check before it is reported.
    const entailment = result === 'verified' && guard.allowedSpecChanges.length > 0 ? { entailment: await checkCandidateEntailment(request, services, originalFiles, files, candidate.source) } : {};
    return { ...base, result, verification, diagnostics: await mapOntoCandidate(request, candidate.source, diagnostics), wallTimeMs: services.now() - started, ...entailment, ...tested };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The proof result and diagnostics a candidate's checked verification amounts to (pre-check first, then the verifier). */
export function readVerdict(outcome: CandidateVerification): { result: ProofResultLabel; diagnostics: Diagnostic[] } {
  const precheck = outcome.precheck;
  switch (precheck.status) {
    case 'passed':
    case 'skipped':
    case 'not-applicable':
      break;
    case 'build-failed':
      return { result: 'precheck-failed', diagnostics: precheck.diagnostics };
    case 'test-failed':
      return { result: 'precheck-failed', diagnostics: precheck.failingTests.map(testFailure) };
    case 'crashed':
    case 'timeout':
      return { result: 'precheck-failed', diagnostics: [] };
    default:
      return assertNever(precheck, 'pre-check result');
  }
  const verification = outcome.verification;
  if (verification === null) return { result: 'crashed', diagnostics: [] };
  switch (verification.status) {
    case 'verified':
    case 'failed':
    case 'timeout':
      return { result: verification.status, diagnostics: verification.diagnostics };
    case 'crashed':
    case 'toolchain-error':
      return { result: verification.status, diagnostics: [] };
    default:
      return assertNever(verification, 'verifier result');
  }
}

function testFailure(name: string): Diagnostic {
  return { kind: 'rustc-test-failure', message: `test ${name} failed`, severity: 'error', code: null, origin: 'precheck', primary: null, secondary: [], notes: [], expansion: null, function: null, location: null };
}

async function mapOntoCandidate(request: RepairRequest, source: string, diagnostics: Diagnostic[]): Promise<Diagnostic[]> {
  try {
    const ir = await parseVerusSource(source, { file: request.file, requireVerus: false });
    return mapDiagnosticsToIr(diagnostics, new Map([[request.file, ir]]));
  } catch {
    return diagnostics;
  }
}
