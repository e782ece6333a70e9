import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { normalizeReport } from '../diagnostics/normalize-report.js';
import { parseVerifierOutput } from '../diagnostics/parse-verifier-output.js';
import { buildLocalJob } from '../jobs/build-local-job.js';
import { buildVerusCommand } from '../jobs/build-verus-command.js';
import { createRunNonce } from '../jobs/create-run-nonce.js';
import { maskRunNonce } from '../jobs/mask-run-nonce.js';
import { readRootPackage } from '../jobs/read-root-package.js';
import { classifyVerifierRun } from '../result/classify-verifier-run.js';
import { runProcessJob } from '../run/run-process-job.js';
import { copyCrateForCargo, type CrateCopy } from '../sandbox/copy-crate-for-cargo.js';
import { judgeLockFile } from '../sandbox/judge-lock-file.js';
import { noticeStaleLock } from '../sandbox/notice-stale-lock.js';
import { describeLocalBinaries } from './describe-local-toolchain.js';
import { resolveLocalOrigin } from './resolve-local-origin.js';
import type { ReportingVerifier, VerificationWithReport } from './reporting-verifier.js';
import { throwAbortReason } from './throw-if-aborted.js';
import { locateVerificationRoot } from './verification-root.js';

export interface LocalVerifierSettings {
  config: VerifierConfig;
  /** The host environment to select from (default: process.env). Tests pass their own. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * Runs a locally installed Verus: `cargo verus` (cargo-verus from PATH or verifier.cargo_verus_path)
 * for crates, `verus` (PATH or verifier.verus_path) for single files. A single file is checked in
 * place (no cargo). A crate is checked in a private copy (copyCrateForCargo), because cargo would
 * rewrite a stale Cargo.lock in the user's tree or create a missing one; a stale lock is said once
 * per run. Cargo's target directory stays the crate's own `target/`, so vstd's build is reused as
 * when cargo ran in place (a registry package's artifacts do not depend on the root's path).
 */
export class LocalVerifier implements ReportingVerifier {
  readonly runner = 'local' as const;
  private readonly environment: NodeJS.ProcessEnv;

  constructor(private readonly settings: LocalVerifierSettings) {
    this.environment = settings.environment ?? process.env;
  }

  async verify(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerifierResult> {
    return (await this.verifyWithReport(target, options, signal)).result;
  }

  async verifyWithReport(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerificationWithReport> {
    const { root: crateRoot, relativeFile } = locateVerificationRoot(target);
    const copy = target.kind === 'file' ? null : await copyCrateForCargo(crateRoot);
    try {
      return await this.run(target, options, copy === null ? crateRoot : copy.directory, relativeFile, signal, copy === null ? null : path.join(crateRoot, 'target'));
    } finally {
      if (copy !== null) await this.releaseCopy(copy);
    }
  }

  private async run(target: VerificationTarget, options: VerificationOptions, root: string, relativeFile: string | null, signal: AbortSignal | undefined, targetDir: string | null): Promise<VerificationWithReport> {
    const { config } = this.settings;
    const runNonce = createRunNonce();
    const command = buildVerusCommand(target, options, { relativeFile, offline: false, runNonce });
    const job = buildLocalJob(command, config, this.environment, { cwd: root, timeoutMs: options.timeoutMs });
    if (targetDir !== null) job.env['CARGO_TARGET_DIR'] = targetDir;
    const outcome = await runProcessJob(job, signal === undefined ? {} : { signal });
    if (outcome.kind === 'aborted') throwAbortReason(signal);
    const rootPackage = await readRootPackage(target, root);
    const report = normalizeReport(parseVerifierOutput({ stdout: outcome.stdout.text, stderr: outcome.stderr.text }, { origin: 'verus', rootPackage }), { root });
    const result = classifyVerifierRun(outcome, report, {
      command: maskRunNonce(job.command, runNonce),
      tool: command.tool,
      toolchain: { pinHash: null, imageDigest: null },
      hints: { runner: 'local', imageTag: null },
      viaCargo: command.tool === 'cargo-verus',
      origin: await resolveLocalOrigin(command.tool, config, job.env, report.verusVersion),
    });
    return { result, report };
  }

  private async releaseCopy(copy: CrateCopy): Promise<void> {
    try {
      noticeStaleLock(copy, await judgeLockFile(copy));
    } finally {
      await rm(copy.directory, { recursive: true, force: true });
    }
  }

  async describeToolchain(target: VerificationTarget): Promise<string> {
    const { config } = this.settings;
    const searchPath = buildLocalJob({ tool: 'verus', args: [] }, config, this.environment, { cwd: '.', timeoutMs: 0 }).env['PATH'];
    const programs = target.kind === 'file' ? [config.verusPath] : [config.cargoPath, config.cargoVerusPath ?? 'cargo-verus', config.cargoVerusPath === null ? config.verusPath : path.join(path.dirname(config.cargoVerusPath), 'verus')];
    return `local;${await describeLocalBinaries(programs, searchPath)}`;
  }
}
