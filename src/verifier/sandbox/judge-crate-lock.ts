import path from 'node:path';
import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from '../jobs/process-job.js';
import { LOCAL_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from '../jobs/select-environment.js';
import { runProcessJob } from '../run/run-process-job.js';
import { readLockedRefusal, type LockedRefusal } from './read-locked-refusal.js';

/**
 * What cargo says of a crate's lock before anything runs there: `current` (cargo run with `--locked`
 * in the crate writes nothing), `refused` (stale or missing: cargo would write it), or `unknown`
 * (cargo could not tell offline, or the manifest is broken: the real run with `--locked` says more).
 * `current` carries the directories cargo reads: the workspace root and every path package's.
 */
export type CrateLockJudgement =
  | { kind: 'current'; readDirectories: string[] }
  | { kind: 'refused'; refusal: LockedRefusal }
  | { kind: 'unknown' };

const JUDGE_TIMEOUT_MS = 60_000;

/**
 * `cargo metadata --locked --offline --format-version 1` in the crate (pure): it resolves the whole
 * workspace against the lock, as a build would, and under `--locked` refuses instead of writing
 * (C src/cargo/ops/lockfile.rs:55-67, cargo 0.96.0). About 0.1 s; no network; runs no crate code.
 */
export function buildLockJudgeJob(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv): ProcessJob {
  const env = selectEnvironment(environment, LOCAL_ENVIRONMENT_ALLOW_LIST, config.passEnv);
  env['CARGO_TERM_COLOR'] = 'never';
  return { command: [config.cargoPath, 'metadata', '--locked', '--offline', '--format-version', '1'], cwd: crateDir, env, timeoutMs: JUDGE_TIMEOUT_MS, maxOutputBytes: 1 << 24, cleanupCommands: [] };
}

/** Asks cargo whether the crate's lock (its own, or its workspace's) is current. */
export async function judgeCrateLock(crateDir: string, config: VerifierConfig, environment: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<CrateLockJudgement> {
  const outcome = await runProcessJob(buildLockJudgeJob(crateDir, config, environment), signal === undefined ? {} : { signal });
  if (outcome.kind !== 'exited') return { kind: 'unknown' };
  const refusal = readLockedRefusal(outcome.stderr.text);
  if (refusal !== null) return { kind: 'refused', refusal };
  if (outcome.exitCode !== 0) return { kind: 'unknown' };
  return { kind: 'current', readDirectories: readMetadataDirectories(outcome.stdout.text, crateDir) };
}

function readMetadataDirectories(stdout: string, crateDir: string): string[] {
  try {
    const metadata = JSON.parse(stdout) as { workspace_root?: string; packages?: Array<{ source?: string | null; manifest_path?: string }> };
    const paths = (metadata.packages ?? []).filter((entry) => entry.source === null && typeof entry.manifest_path === 'string').map((entry) => path.dirname(entry.manifest_path as string));
    return [...new Set([crateDir, ...(metadata.workspace_root === undefined ? [] : [metadata.workspace_root]), ...paths])];
  } catch {
    return [crateDir];
  }
}
