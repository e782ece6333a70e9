import { Buffer } from 'node:buffer';
import { InputError } from '../core/errors.js';
import type { AllowedSpecChange, GuardPolicy, GuardVerdict, GuardViolation } from '../core/guard-verdict.js';
import { parseVerusBytes } from '../ir/index.js';
import { compareFingerprints } from './compare-fingerprints.js';
import { fingerprintFile } from './fingerprint-file.js';
import type { FileFingerprint } from './function-fingerprint.js';

/** A crate snapshot: repository-relative path → bytes. */
export type CrateSnapshot = ReadonlyMap<string, Uint8Array>;

export interface GuardRequest {
  original: CrateSnapshot;
  candidate: CrateSnapshot;
  /** The Rust files the candidate was asked to edit; any other change is rejected. */
  editableFiles: readonly string[];
  policy: GuardPolicy;
}

/**
 * Decides, before anything runs, whether a candidate is an honest proof edit: only the files it was
 * asked to edit changed, only inside `verus!`, executable code and frozen specs are identical, and
 * no cheat construct, vacuous precondition or excessive rlimit was added.
 */
export async function guardCandidate(request: GuardRequest): Promise<GuardVerdict> {
  const violations: GuardViolation[] = [];
  const allowedSpecChanges: AllowedSpecChange[] = [];
  for (const path of request.candidate.keys()) {
    if (!request.original.has(path)) violations.push(fileViolation('file-added', path, `new file ${path}; a candidate may not add files`));
  }
  for (const [path, before] of request.original) {
    const after = request.candidate.get(path);
    if (after === undefined) {
      violations.push(fileViolation('file-not-allowed', path, `${path} was deleted`));
    } else if (!Buffer.from(before).equals(Buffer.from(after))) {
      if (!request.editableFiles.includes(path)) {
        violations.push(fileViolation('file-not-allowed', path, `${path} changed, but only ${request.editableFiles.join(', ')} may be edited`));
      } else {
        const outcome = await compareFile(path, before, after, request.policy);
        violations.push(...outcome.violations);
        allowedSpecChanges.push(...outcome.allowedSpecChanges);
      }
    }
  }
  return violations.length === 0 ? { verdict: 'accept', allowedSpecChanges } : { verdict: 'reject', violations, allowedSpecChanges };
}

async function compareFile(path: string, before: Uint8Array, after: Uint8Array, policy: GuardPolicy): Promise<{ violations: GuardViolation[]; allowedSpecChanges: AllowedSpecChange[] }> {
  const original = await fingerprintOriginal(path, before);
  try {
    const candidate = fingerprintFile(await parseVerusBytes(after, { file: path, requireVerus: false }));
    return compareFingerprints(original, candidate, policy);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    const violation: GuardViolation = { rule: 'candidate-unparseable', file: path, function: null, line: error.position.line, message: error.message };
    return { violations: [violation], allowedSpecChanges: [] };
  }
}

/**
 * A run guards every candidate against the same original bytes: their fingerprint is computed once
 * per bytes object (the snapshot is never mutated) instead of re-parsing the original each time.
 */
const originalFingerprints = new WeakMap<Uint8Array, Promise<FileFingerprint>>();

function fingerprintOriginal(path: string, bytes: Uint8Array): Promise<FileFingerprint> {
  let fingerprint = originalFingerprints.get(bytes);
  if (fingerprint === undefined) {
    fingerprint = parseVerusBytes(bytes, { file: path, requireVerus: false }).then(fingerprintFile);
    originalFingerprints.set(bytes, fingerprint);
    fingerprint.catch(() => originalFingerprints.delete(bytes));
  }
  return fingerprint;
}

function fileViolation(rule: GuardViolation['rule'], file: string, message: string): GuardViolation {
  return { rule, file, function: null, line: 1, message };
}
