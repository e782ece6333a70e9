import { realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Prechecker } from '../core/verifier-precheck.js';
import type { VerificationOptions, Verifier } from '../core/verifier.js';
import { loadTacticCatalog, type TacticCatalog } from '../agents/index.js';
import { GitProofLedger } from '../ledger/git-proof-ledger.js';
import { createVerifier } from '../verification/create-verifier.js';
import { ResultCache } from '../verifier/cache/result-cache.js';
import { loadVerifierConfig } from '../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';
import { readPinInForce, type PinInForce } from '../verifier/toolchain/read-pin-in-force.js';
import { loadMcpConfig, type McpConfig } from './read-mcp-config.js';
import { createSecretRedactor, type SecretRedactor } from './redact-secrets.js';

/** What every session of one server shares: the repository, its configuration and the verifier it names. */
export interface McpContext {
  /** The repository's git top level, symlinks resolved: every path is confined to it. */
  repoRoot: string;
  ledger: GitProofLedger;
  config: VerifierConfig;
  mcp: McpConfig;
  options: VerificationOptions;
  verifier: Verifier;
  prechecker: Prechecker | null;
  cache: ResultCache | null;
  toolchainPin: PinInForce;
  catalog: TacticCatalog;
  environment: NodeJS.ProcessEnv;
  redact: SecretRedactor;
  /** Warnings of the configuration, for the server's log (stderr). */
  warnings: string[];
}

/**
 * Opens the repository (`--repo`, default the working directory) and reads verus-repair.toml once:
 * a bad configuration stops the server before it answers anything, with the file and key named.
 */
export async function createMcpContext(repo: string, environment: NodeJS.ProcessEnv): Promise<McpContext> {
  const ledger = await GitProofLedger.open(path.resolve(repo));
  const repoRoot = await realpath(ledger.repoDir);
  const loaded = await loadVerifierConfig(repoRoot);
  const config = loaded.config;
  const mcp = await loadMcpConfig(repoRoot);
  return {
    repoRoot,
    ledger,
    config,
    mcp,
    options: { rlimit: config.rlimit, expandErrors: config.expandErrors, noCheating: config.noCheating, timeoutMs: config.timeoutMs, extraVerusArgs: config.extraVerusArgs, scope: config.scope },
    verifier: await createVerifier(config, environment),
    prechecker: config.precheck.enabled ? new CargoPrechecker({ config, environment }) : null,
    cache: mcp.cache ? new ResultCache(path.resolve(repoRoot, config.cacheDir)) : null,
    toolchainPin: await readPinInForce(config.pin),
    catalog: loadTacticCatalog(),
    environment,
    redact: createSecretRedactor(environment),
    warnings: loaded.warnings,
  };
}
