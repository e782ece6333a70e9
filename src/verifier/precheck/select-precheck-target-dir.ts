import path from 'node:path';
import type { PrecheckSettings } from '../config/verifier-config.js';

/**
 * The one cargo target directory every erased scratch build uses (repair candidates, review
 * mutants and probes, bench validation and attempts, re-proofs): `[verifier.precheck] target_dir`
 * when set, else the user's CARGO_TARGET_DIR, else `<project>/.verus-repair/cargo-target`. Sharing
 * it means vstd and its proc macros build once; each scratch copy keeps its own artifacts because
 * it has a package name of its own (isolateScratchPackage). A relative CARGO_TARGET_DIR means what
 * it meant where the user typed it, so it is resolved against `cwd`, not against the scratch crate
 * cargo runs in.
 */
export function selectPrecheckTargetDir(settings: Pick<PrecheckSettings, 'targetDir' | 'defaultTargetDir'>, environment: NodeJS.ProcessEnv, cwd: string = process.cwd()): string {
  if (settings.targetDir !== null) return settings.targetDir;
  const fromEnvironment = environment['CARGO_TARGET_DIR'];
  if (fromEnvironment !== undefined && fromEnvironment !== '') return path.resolve(cwd, fromEnvironment);
  return settings.defaultTargetDir;
}
