import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import type { VerifierConfig } from '../config/verifier-config.js';
import { isScratchCrate } from '../precheck/is-scratch-crate.js';
import { copyCrateForCargo } from './copy-crate-for-cargo.js';
import { judgeCrateLock } from './judge-crate-lock.js';
import { noticeStaleLock } from './notice-stale-lock.js';
import type { LockedRefusal } from './read-locked-refusal.js';
import { rewritePathDependencies } from './rewrite-path-dependencies.js';

/**
 * Where cargo runs for a crate, and whether it may write the lock:
 * - `scratch`: a copy verus-repair made itself (a candidate, mutant, probe, bench task: its package
 *   is renamed by isolateScratchPackage), in place, lock writable: nothing of the user's is there;
 * - `in-place`: the user's crate, whose lock is current: cargo runs there with `--locked`, which
 *   cannot write it (C src/cargo/ops/lockfile.rs:55-67, cargo 0.96.0), so path dependencies,
 *   workspaces, `.cargo/config.toml` and `rust-toolchain.toml` apply as the user expects;
 *   `readDirectories` are what cargo reads (for a sandbox's read-only binds);
 * - `copy`: the user's crate with a stale or missing lock: a private copy (copyCrateForCargo), said
 *   once per run (noticeStaleLock); `readDirectories`: its path dependencies; removed by releaseCargoPlacement.
 */
export type CargoPlacement =
  | { kind: 'scratch'; directory: string }
  | { kind: 'in-place'; directory: string; readDirectories: string[] }
  | { kind: 'copy'; directory: string; readDirectories: string[] };

/** Whether cargo gets `--locked` in this placement. */
export const runsLocked = (placement: CargoPlacement): boolean => placement.kind === 'in-place';

/** Decides the placement of a crate: cargo judges its lock first (judgeCrateLock, about 0.1 s). */
export async function placeCrateForCargo(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<CargoPlacement> {
  if (await isScratchCrate(crateDir)) return { kind: 'scratch', directory: crateDir };
  const judgement = await judgeCrateLock(crateDir, config, environment, signal);
  if (judgement.kind === 'refused') return placeInCopy(crateDir, judgement.refusal);
  // `unknown`: the run itself, with --locked, still cannot write; a refusal there falls back to a copy.
  return { kind: 'in-place', directory: crateDir, readDirectories: judgement.kind === 'current' ? judgement.readDirectories : await listManifestDirectories(crateDir) };
}

/** Without cargo's metadata: the crate and its manifest's path dependencies. */
async function listManifestDirectories(crateDir: string): Promise<string[]> {
  const manifest = await readFile(path.join(crateDir, 'Cargo.toml'), 'utf8').catch(() => '');
  return [crateDir, ...rewritePathDependencies(manifest, crateDir).pathDirectories];
}

/** The copy for a crate whose lock cargo refused to write (up front, or in a run with `--locked`). */
export async function placeInCopy(crateDir: string, refusal: LockedRefusal): Promise<CargoPlacement> {
  await noticeStaleLock(crateDir, refusal);
  const copy = await copyCrateForCargo(crateDir);
  return { kind: 'copy', directory: copy.directory, readDirectories: copy.readDirectories };
}

export async function releaseCargoPlacement(placement: CargoPlacement): Promise<void> {
  if (placement.kind === 'copy') await rm(placement.directory, { recursive: true, force: true });
}
