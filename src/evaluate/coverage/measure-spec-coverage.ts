import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { InputError } from '../../core/errors.js';
import { checkSpec, type SpecCheckReport } from '../../specification/index.js';
import { loadSpecCheckConfig } from '../../specification/read-spec-check-config.js';
import { loadVerifierConfig } from '../../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../../verifier/config/verifier-config.js';
import { loadToolchainPin } from '../../verifier/toolchain/read-toolchain-pin.js';
import type { CoverageCrate } from './list-coverage-crates.js';
import { SCRATCH_CRATE_FILE, writeScratchCrate } from './scratch-crate.js';

/** Few inputs: a corpus run is about what compiles and runs, and it stays bounded (said in its header). */
export const DEFAULT_COVERAGE_INPUTS = 20;

export interface SpecCoverageRequest {
  crates: readonly CoverageCrate[];
  inputs?: number;
  seed?: number;
  callTimeoutMs: number;
  /** The config of a loose file without a verus-repair.toml beside it (the caller's: its cargo, target directory and sandbox). */
  fallbackConfig: VerifierConfig;
  environment?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
  /** Called after each crate, for progress. */
  onCrate?: (done: number, total: number, crate: CrateCoverage) => void;
}

/** One crate's whole-crate check, or why it could not be read (no verus! block that parses, ...). */
export type CrateCoverage = { crate: CoverageCrate; report: SpecCheckReport } | { crate: CoverageCrate; report: null; error: string };

/**
 * check-spec on every exec function with an ensures of each crate, one after another (one harness
 * build per crate). A loose file is checked as src/lib.rs of a scratch crate depending on the
 * pinned vstd, under the system temp dir, removed afterwards. A crate builds with its own
 * verus-repair.toml; a loose file with the one beside it, else the caller's.
 */
export async function measureSpecCoverage(request: SpecCoverageRequest): Promise<CrateCoverage[]> {
  const results: CrateCoverage[] = [];
  for (const crate of request.crates) {
    const result = await measureCrate(crate, request);
    results.push(result);
    request.onCrate?.(results.length, request.crates.length, result);
  }
  return results;
}

async function measureCrate(crate: CoverageCrate, request: SpecCoverageRequest): Promise<CrateCoverage> {
  const settings = { inputs: request.inputs ?? DEFAULT_COVERAGE_INPUTS, seed: request.seed ?? 0, callTimeoutMs: request.callTimeoutMs, ...(request.environment === undefined ? {} : { environment: request.environment }), ...(request.signal === undefined ? {} : { signal: request.signal }) };
  const check = async (crateDir: string, extra: { config?: VerifierConfig; memoryMb?: number }): Promise<CrateCoverage> => {
    try {
      return { crate, report: await checkSpec({ crateDir, ...settings, ...extra }) };
    } catch (error) {
      // A file the parser refuses is this crate's result, not the run's end; anything else (Ctrl-C, a bug) is.
      if (error instanceof InputError) return { crate, report: null, error: describeUnreadable(error, crateDir, crate) };
      throw error;
    }
  };
  if (crate.kind === 'crate') return check(crate.dir, {});
  return withLooseFileCrate(crate, request.fallbackConfig, (scratch, settingsOfFile) => check(scratch, settingsOfFile));
}

/**
 * A loose `.rs` file as the src/lib.rs of a scratch crate on the pinned vstd, under the system temp
 * dir, removed once `body` is done. It builds with the verus-repair.toml beside the file, else with
 * `fallbackConfig` (the caller's: its cargo, target directory and sandbox); `memoryMb` is the file's
 * `[spec_check] memory_mb`.
 */
export async function withLooseFileCrate<T>(crate: Extract<CoverageCrate, { kind: 'loose' }>, fallbackConfig: VerifierConfig, body: (scratch: string, settings: { config: VerifierConfig; memoryMb: number }) => Promise<T>): Promise<T> {
  const own = await loadVerifierConfig(crate.configDir);
  const config = own.file === null ? fallbackConfig : own.config;
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'verus-repair-spec-coverage-'));
  try {
    await writeScratchCrate(scratch, (await loadToolchainPin(config.pin.file)).vstd);
    await copyFile(crate.file, path.join(scratch, ...SCRATCH_CRATE_FILE.split('/')));
    return await body(scratch, { config, memoryMb: (await loadSpecCheckConfig(crate.configDir)).memoryMb });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The parser's one-line refusal, naming the user's file rather than its scratch copy. */
function describeUnreadable(error: InputError, crateDir: string, crate: CoverageCrate): string {
  const message = error.message.split('\n')[0] ?? error.message;
  if (crate.kind === 'crate') return message;
  return message.replace(`${crateDir}:1:1: `, '').replaceAll(path.join(crateDir, ...SCRATCH_CRATE_FILE.split('/')), crate.file);
}
