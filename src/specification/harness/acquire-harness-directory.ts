import { createHash } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import { isWithinDirectory } from '../../verifier/cache/is-within-directory.js';
import { noticeOnce } from '../../verifier/sandbox/run-notices.js';
import { leaseHarnessSlot, type HarnessSlotLease } from './lease-harness-slot.js';

/**
 * Where a check writes its harness crate.
 * - `slot`: a directory kept across checks of one crate and target directory, leased for this
 *   check; the package and binary are named after `identity` (the slot's), so the next check's
 *   build finds cargo's artifacts and fingerprints of this one and compiles only what changed.
 * - `scratch`: a fresh temp directory, removed after the check, and its build removed from the
 *   target directory (every slot leased, the cache directory inside the target directory, a crate
 *   under the temp directory, or a copy asked to be kept).
 */
export type HarnessDirectory =
  | { kind: 'slot'; directory: string; identity: string; lease: HarnessSlotLease }
  | { kind: 'scratch'; directory: string };

/**
 * A slot under `<cacheDir>/spec-harness-crates/<digest of the crate and target directories>/`, or a
 * scratch directory when none is free or `scratch` is asked. The cache directory, not the target
 * directory: a sandboxed build can write the target directory but not the cache directory, so it
 * cannot replace a slot by a symlink nor drop another check's lease (lease-harness-slot.ts). A
 * cache directory inside the target directory gives no such guarantee: scratch, said once.
 * A crate under the system temp directory is a copy about to go (a loose file's crate in
 * spec-coverage, a planted-bugs file, a test's): its slot would never be used again while its
 * build (about 12 MB: the harness binary, its lib, their incremental state) stayed in the shared
 * target directory for good, one per crate. It builds in scratch, as before slots.
 */
export async function acquireHarnessDirectory(place: { crateDir: string; targetDir: string; cacheDir: string; scratch?: boolean; temporaryRoot?: string }): Promise<HarnessDirectory> {
  // `temporaryRoot`: the system temp directory unless given (a test whose checkout itself lies under it, as a CI clone in /tmp does, names another).
  const lease = place.scratch === true || isWithinDirectory(place.crateDir, place.temporaryRoot ?? tmpdir()) ? null : await leaseSlot(place);
  if (lease !== null) return { kind: 'slot', directory: lease.directory, identity: digest(lease.directory, 12), lease };
  return { kind: 'scratch', directory: await mkdtemp(path.join(tmpdir(), 'verus-repair-spec-check-')) };
}

async function leaseSlot(place: { crateDir: string; targetDir: string; cacheDir: string }): Promise<HarnessSlotLease | null> {
  const root = path.join(path.resolve(place.cacheDir), 'spec-harness-crates', digest(`${path.resolve(place.crateDir)}\0${path.resolve(place.targetDir)}`, 16));
  if (isWithinDirectory(root, place.targetDir)) {
    noticeOnce('harness-slots-writable', `check-spec builds each harness crate from scratch: the cache directory ${place.cacheDir} lies inside the target directory ${place.targetDir}, which the sandbox can write; move cache_dir out of it`);
    return null;
  }
  return leaseHarnessSlot(root).catch((error: unknown) => {
    // A cache directory this user cannot write costs the check its incremental build, nothing else.
    noticeOnce('harness-slots-unwritable', `check-spec builds each harness crate from scratch: no harness slot could be leased under ${root} (${error instanceof Error ? error.message : String(error)})`);
    return null;
  });
}

/** Ends the check's use of its directory: a slot's lease is released (the slot stays for the next check); a scratch directory is removed unless `keep`. */
export async function releaseHarnessDirectory(harness: HarnessDirectory, options: { keep?: boolean } = {}): Promise<void> {
  switch (harness.kind) {
    case 'slot':
      return harness.lease.release();
    case 'scratch':
      if (options.keep !== true) await rm(harness.directory, { recursive: true, force: true });
      return;
    default:
      return assertNever(harness, 'harness directory');
  }
}

function digest(text: string, length: number): string {
  return createHash('sha256').update(text).digest('hex').slice(0, length);
}
