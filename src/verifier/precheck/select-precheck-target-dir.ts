import path from 'node:path';
import type { PrecheckSettings } from '../config/verifier-config.js';

/**
 * Whose crate a pre-check builds: a copy verus-repair wrote itself (`scratch`: repair candidates,
 * review mutants and probes, spec-check harnesses, bench tasks and attempts, re-proofs; its package
 * is renamed, isScratchCrate), or the user's own crate (`user`: in place, or its private copy when
 * the lock is stale).
 */
export type PrecheckedCrate = 'scratch' | 'user';

/**
 * The cargo target directory of a pre-check: `[verifier.precheck] target_dir` when set, else, for
 * a scratch copy, `<project>/.verus-repair/cargo-target`, shared by every scratch build of the
 * project, so vstd and its proc macros build once; each copy keeps its own artifacts because it has
 * a package name of its own (isolateScratchPackage). A scratch copy never builds in the user's
 * CARGO_TARGET_DIR, the directory of the user's own builds: each copy's artifacts would stay there
 * (rust-fixtures/target grew to 1.3 GB), and cargo copies a built lib and bin to the top of it.
 * The user's own crate builds in CARGO_TARGET_DIR when set, where the user's builds already are; a
 * relative one means what it meant where the user typed it, so it is resolved against `cwd`.
 */
export function selectPrecheckTargetDir(settings: Pick<PrecheckSettings, 'targetDir' | 'defaultTargetDir'>, environment: NodeJS.ProcessEnv, crate: PrecheckedCrate = 'scratch', cwd: string = process.cwd()): string {
  if (settings.targetDir !== null) return settings.targetDir;
  const fromEnvironment = environment['CARGO_TARGET_DIR'];
  if (crate === 'user' && fromEnvironment !== undefined && fromEnvironment !== '') return path.resolve(cwd, fromEnvironment);
  return settings.defaultTargetDir;
}
