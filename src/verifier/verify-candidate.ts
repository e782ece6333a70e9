import { originOfCacheHit } from '../core/verdict-origin.js';
import { precheckLetsVerusRun, type Prechecker } from '../core/verifier-precheck.js';
import type { VerificationOptions, VerificationTarget, Verifier } from '../core/verifier.js';
import type { VerifierResult } from '../core/verifier-result.js';
import { CACHE_FORMAT, computeCacheKey } from './cache/compute-cache-key.js';
import { listVerificationInputs } from './cache/list-verification-inputs.js';
import type { ResultCache } from './cache/result-cache.js';
import type { CandidateVerification, CacheStatus, SkippedPrecheck } from './candidate-verification.js';
import { serializeNormalizedReport } from '../diagnostics/normalize-report.js';
import { isReportingVerifier } from './runners/reporting-verifier.js';

/** The collaborators: a verifier, an optional pre-checker, an optional cache (null = --no-cache). */
export interface CandidateVerificationServices {
  verifier: Verifier;
  prechecker: Prechecker | null;
  cache: ResultCache | null;
  /** The pre-check policy (part of the cache key): whether cargo test runs after cargo build. */
  precheckRunsTests: boolean;
  /** Told when the pre-check and the verifier start, for live progress. */
  onStage?: (stage: 'precheck' | 'verify') => void;
}

/**
 * Checks one candidate: cache lookup → erased pre-check → verifier → store. An identical candidate
 * (same sources, toolchain and arguments) is never verified twice; a candidate that fails its
 * pre-check never reaches Verus (a `not-applicable` one, whose every error erasure explains, does);
 * only `verified` and `failed` verdicts are stored.
 */
export async function verifyCandidate(
  target: VerificationTarget,
  options: VerificationOptions,
  services: CandidateVerificationServices,
  signal?: AbortSignal,
): Promise<CandidateVerification> {
  const { verifier, prechecker, cache } = services;
  const precheckPolicy = { enabled: prechecker !== null && target.kind !== 'file', test: services.precheckRunsTests };
  let status: CacheStatus = cache === null ? 'bypassed' : 'unavailable';
  let key: string | null = null;
  let note: string | null = null;
  const toolchain = cache !== null && verifier.describeToolchain !== undefined ? await verifier.describeToolchain(target) : null;
  const computeKey = async () => (toolchain === null ? null : computeCacheKey(await listVerificationInputs(target), { target, options, toolchain, precheck: precheckPolicy }));
  key = await computeKey();
  if (cache !== null && key !== null) {
    const lookup = await cache.lookup(key);
    if (lookup.kind === 'hit') {
      const precheck = lookup.entry.precheck ?? skipped('cached');
      return { precheck, verification: { ...lookup.entry.result, origin: originOfCacheHit(lookup.entry.result.origin) }, cache: { status: 'hit', key, note: null } };
    }
    status = lookup.kind === 'corrupt' ? 'corrupt' : 'miss';
    if (lookup.kind === 'corrupt') note = `ignored corrupt cache entry ${lookup.file} (${lookup.reason})`;
  }

  const precheck = target.kind === 'file' ? skipped('single-file') : prechecker === null ? skipped('disabled') : await runPrecheck(prechecker, target.crateDir, services, signal);
  if (precheck.status !== 'skipped' && !precheckLetsVerusRun(precheck)) return { precheck, verification: null, cache: { status, key, note } };

  services.onStage?.('verify');
  // No cache here (--no-cache, audit --reverify) means no stored verdict anywhere: the queue's shared store neither.
  const runOptions = cache === null ? { ...options, fresh: true } : options;
  const { result, report } = isReportingVerifier(verifier)
    ? await verifier.verifyWithReport(target, runOptions, signal)
    : { result: await verifier.verify(target, runOptions, signal), report: null };
  if (cache !== null && key !== null && isCacheable(result)) {
    // cargo may have written Cargo.lock meanwhile: store under the key of what was actually verified too.
    const keys = [...new Set([key, await computeKey()])].filter((entry): entry is string => entry !== null);
    try {
      for (const entryKey of keys) {
        await cache.store({
          format: CACHE_FORMAT,
          key: entryKey,
          storedAt: new Date().toISOString(),
          result,
          precheck: precheck.status === 'passed' ? precheck : null,
          report: report === null ? null : serializeNormalizedReport(report),
        });
      }
    } catch (error) {
      note = `could not store the verdict in the cache: ${(error as Error).message}`;
    }
  }
  return { precheck, verification: result, cache: { status, key, note } };
}

function isCacheable(result: VerifierResult): result is Extract<VerifierResult, { status: 'verified' | 'failed' }> {
  return result.status === 'verified' || result.status === 'failed';
}

async function runPrecheck(prechecker: Prechecker, crateDir: string, services: CandidateVerificationServices, signal?: AbortSignal) {
  services.onStage?.('precheck');
  return prechecker.precheck(crateDir, signal);
}

function skipped(reason: SkippedPrecheck['reason']): SkippedPrecheck {
  return { status: 'skipped', reason };
}
