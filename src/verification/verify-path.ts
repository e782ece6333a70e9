import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { ConfigurationError, InputError } from '../core/errors.js';
import type { VerificationOptions, VerificationTarget } from '../core/verifier.js';
import type { CacheStatistics } from '../verifier/cache/result-cache.js';
import { ResultCache } from '../verifier/cache/result-cache.js';
import type { CandidateVerification } from '../verifier/candidate-verification.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { createVerifier } from './create-verifier.js';
import { findProjectRoot } from '../verifier/find-project-root.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { mapOutcomeToIr } from '../verifier/map-outcome-to-ir.js';
import { resolveFileFunctionSelector, resolveFunctionSelector } from '../verifier/scope/resolve-function-selector.js';
import { verifyCandidate } from '../verifier/verify-candidate.js';
import { readPinInForce, type PinInForce } from '../verifier/toolchain/read-pin-in-force.js';

/** What `verus-repair verify` asks for; unset overrides fall back to verus-repair.toml, then defaults. */
export interface VerifyPathRequest {
  path: string;
  function?: string;
  runner?: 'docker' | 'local' | 'queue';
  cache: boolean;
  precheck: boolean;
  rlimit?: number;
  expandErrors?: boolean;
  noCheating?: boolean;
  timeoutSeconds?: number;
  environment?: NodeJS.ProcessEnv;
  signal?: AbortSignal;
}

export interface VerifyPathOutcome {
  target: VerificationTarget;
  /** Where relative diagnostic paths point: the crate, or the file's directory. */
  root: string;
  config: VerifierConfig;
  configFile: string | null;
  /** The toolchain pin in force (the repository's, or the package default). */
  toolchainPin: PinInForce;
  warnings: string[];
  outcome: CandidateVerification;
  cacheStatistics: CacheStatistics | null;
}

/** Verifies a crate directory or a .rs file with the configured runner, pre-check and cache. */
export async function verifyPath(request: VerifyPathRequest): Promise<VerifyPathOutcome> {
  const environment = request.environment ?? process.env;
  const { target, root } = await resolveTarget(path.resolve(request.path), request.function);
  const loaded = await loadVerifierConfig(await findProjectRoot(root));
  const config = applyOverrides(loaded.config, request);
  const options: VerificationOptions = {
    rlimit: config.rlimit,
    expandErrors: config.expandErrors,
    noCheating: config.noCheating,
    timeoutMs: config.timeoutMs,
    extraVerusArgs: config.extraVerusArgs,
  };
  const cache = request.cache ? new ResultCache(config.cacheDir) : null;
  const usePrecheck = request.precheck && config.precheck.enabled;
  const outcome = await verifyCandidate(
    target,
    options,
    {
      verifier: await createVerifier(config, environment),
      prechecker: usePrecheck ? new CargoPrechecker({ config, environment }) : null,
      cache,
      precheckRunsTests: config.precheck.test,
    },
    request.signal,
  );
  return { target, root, config, configFile: loaded.file, toolchainPin: await readPinInForce(config.pin), warnings: loaded.warnings, outcome: await mapOutcomeToIr(outcome, root), cacheStatistics: cache?.statistics ?? null };
}

function applyOverrides(config: VerifierConfig, request: VerifyPathRequest): VerifierConfig {
  return {
    ...config,
    runner: request.runner ?? config.runner,
    rlimit: request.rlimit ?? config.rlimit,
    expandErrors: request.expandErrors ?? config.expandErrors,
    noCheating: request.noCheating ?? config.noCheating,
    timeoutMs: request.timeoutSeconds === undefined ? config.timeoutMs : Math.round(request.timeoutSeconds * 1000),
  };
}

async function resolveTarget(absolute: string, functionPath: string | undefined): Promise<{ target: VerificationTarget; root: string }> {
  let isDirectory: boolean;
  try {
    isDirectory = (await stat(absolute)).isDirectory();
  } catch {
    throw new InputError('missing-path', 'no such file or directory; pass a crate directory or a .rs file', { file: absolute, line: 1, column: 1 });
  }
  if (!isDirectory) {
    if (!absolute.endsWith('.rs')) throw new InputError('not-rust', 'expected a crate directory or a .rs file', { file: absolute, line: 1, column: 1 });
    const target: VerificationTarget = functionPath === undefined ? { kind: 'file', filePath: absolute } : { kind: 'file', filePath: absolute, only: await selectInFile(absolute, functionPath) };
    return { target, root: path.dirname(absolute) };
  }
  const crateName = await readCrateName(absolute);
  if (functionPath === undefined) return { target: { kind: 'crate', crateDir: absolute }, root: absolute };
  // `Stack::pop` is a method, not function `pop` of module `Stack`: resolved against the crate's IR.
  const selector = await resolveFunctionSelector(absolute, functionPath, crateName);
  const target: VerificationTarget = selector.function === null
    ? { kind: 'module', crateDir: absolute, module: selector.module }
    : { kind: 'function', crateDir: absolute, module: selector.module, function: selector.function };
  return { target, root: absolute };
}

/** `--fn` in a single file: the name Verus selects it by (`Stack::pop` is a method, not module `Stack`). */
async function selectInFile(filePath: string, functionPath: string): Promise<{ module: string | null; function: string }> {
  const resolved = await resolveFileFunctionSelector(filePath, functionPath);
  if (resolved.function === null) throw new ConfigurationError(`--fn ${functionPath}: Verus cannot select ${resolved.path} by name (a trait method, or a type defined elsewhere); verify the whole file instead`);
  return { module: resolved.module, function: resolved.function };
}

async function readCrateName(crateDir: string): Promise<string | null> {
  const manifest = path.join(crateDir, 'Cargo.toml');
  let text: string;
  try {
    text = await readFile(manifest, 'utf8');
  } catch {
    throw new InputError('not-a-crate', 'no Cargo.toml here: pass a crate directory or a .rs file', { file: crateDir, line: 1, column: 1 });
  }
  try {
    const document = parse(text) as { package?: { name?: unknown } };
    return typeof document.package?.name === 'string' ? document.package.name : null;
  } catch (error) {
    const position = error as { line?: number; column?: number };
    throw new InputError('invalid-manifest', `Cargo.toml is not valid TOML: ${(error as Error).message.split('\n')[0]}`, { file: manifest, line: position.line ?? 1, column: position.column ?? 1 });
  }
}
