import path from 'node:path';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { normalizeReport } from '../../diagnostics/normalize-report.js';
import { parseVerifierOutput } from '../../diagnostics/parse-verifier-output.js';
import { buildLocalJob } from '../jobs/build-local-job.js';
import { buildVerusCommand } from '../jobs/build-verus-command.js';
import { createRunNonce } from '../jobs/create-run-nonce.js';
import { maskRunNonce } from '../jobs/mask-run-nonce.js';
import { readRootPackage } from '../jobs/read-root-package.js';
import { classifyVerifierRun } from '../result/classify-verifier-run.js';
import { runProcessJob } from '../run/run-process-job.js';
import { placeCrateForCargo, placeInCopy, releaseCargoPlacement, runsLocked, type CargoPlacement } from '../sandbox/place-crate-for-cargo.js';
import { readLockedRefusal } from '../sandbox/read-locked-refusal.js';
import { describeLocalBinaries } from './describe-local-toolchain.js';
import { resolveLocalOrigin } from './resolve-local-origin.js';
import type { ReportingVerifier, VerificationWithReport } from './reporting-verifier.js';
import { throwAbortReason } from './throw-if-aborted.js';
import { locateVerificationRoot } from './verification-root.js';
import { isScratchCrate } from '../precheck/is-scratch-crate.js';
import { slotPoolFor } from '../slots/slot-pool-for.js';
import type { TargetSlotPool } from '../slots/target-slot-pool.js';

/** Where one run happens: its directory, the file within it, `--locked`, and a CARGO_TARGET_DIR to set. */
interface RunPlacement {
  root: string;
  relativeFile: string | null;
  locked: boolean;
  targetDir: string | null;
}

export interface LocalVerifierSettings {
  config: VerifierConfig;
  /** The host environment to select from (default: process.env). Tests pass their own. */
  environment?: NodeJS.ProcessEnv;
}

/**
 * Runs a locally installed Verus: `cargo verus` (cargo-verus from PATH or verifier.cargo_verus_path)
 * for crates, `verus` (PATH or verifier.verus_path) for single files. A single file is checked in
 * place (no cargo). A crate is checked in place with `--locked` when its lock is current, so cargo
 * cannot write the user's tree while path dependencies, workspaces and the user's cargo configuration
 * apply (placeCrateForCargo); with a stale or missing lock (judged up front, or refused by cargo in
 * the run) in a private copy, said once per run. The copy's target directory is the crate's own
 * `target/`, so vstd's build is reused (a registry package's artifacts do not depend on the root's path).
 * A crate verus-repair wrote itself (a variant or candidate in a fresh directory, isScratchCrate)
 * builds in one of the project's warm slots instead (slots/target-slot-pool.ts): vstd once per slot.
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
    if (target.kind === 'file') return (await this.run(target, options, { root: crateRoot, relativeFile, locked: false, targetDir: null }, signal)).verification;
    const placement = await placeCrateForCargo(crateRoot, this.settings.config, this.environment, signal);
    try {
      // A crate verus-repair wrote (a variant, a candidate) builds in a warm slot, so vstd is not compiled again for it.
      if (await isScratchCrate(crateRoot)) return await this.slots.run((slotTarget) => this.runPlaced(target, options, crateRoot, placement, slotTarget, signal));
      return await this.runPlaced(target, options, crateRoot, placement, null, signal);
    } finally {
      await releaseCargoPlacement(placement);
    }
  }

  /** The project's slots for `cargo verus` on scratch crates: `<project>/.verus-repair/verus-target/slot-<n>`, beside the pre-check's directory. */
  private get slots(): TargetSlotPool {
    return slotPoolFor(path.join(path.dirname(this.settings.config.precheck.defaultTargetDir), 'verus-target'));
  }

  private async runPlaced(target: VerificationTarget, options: VerificationOptions, crateRoot: string, firstPlacement: CargoPlacement, slotTarget: string | null, signal: AbortSignal | undefined): Promise<VerificationWithReport> {
    let placement = firstPlacement;
    try {
      let run = await this.run(target, options, this.describePlacement(placement, crateRoot, slotTarget), signal);
      // The lock went stale after the judgement (or cargo could not judge it offline): cargo refused, wrote nothing.
      const refusal = runsLocked(placement) ? readLockedRefusal(run.stderr) : null;
      if (refusal !== null) {
        placement = await placeInCopy(crateRoot, refusal);
        run = await this.run(target, options, this.describePlacement(placement, crateRoot, slotTarget), signal);
      }
      return run.verification;
    } finally {
      if (placement !== firstPlacement) await releaseCargoPlacement(placement);
    }
  }

  /** A scratch crate given a slot builds in the slot's directory; otherwise a copy builds in the crate's own `target/`, and the crate in place where cargo decides. */
  private describePlacement(placement: CargoPlacement, crateRoot: string, slotTarget: string | null): RunPlacement {
    const targetDir = slotTarget ?? (placement.kind === 'copy' ? path.join(crateRoot, 'target') : null);
    return { root: placement.directory, relativeFile: null, locked: runsLocked(placement), targetDir };
  }

  private async run(target: VerificationTarget, options: VerificationOptions, placement: RunPlacement, signal: AbortSignal | undefined): Promise<{ verification: VerificationWithReport; stderr: string }> {
    const { config } = this.settings;
    const { root, relativeFile, locked, targetDir } = placement;
    const runNonce = createRunNonce();
    const command = buildVerusCommand(target, options, { relativeFile, offline: false, runNonce, locked });
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
    return { verification: { result, report }, stderr: outcome.stderr.text };
  }

  async describeToolchain(target: VerificationTarget): Promise<string> {
    const { config } = this.settings;
    const searchPath = buildLocalJob({ tool: 'verus', args: [] }, config, this.environment, { cwd: '.', timeoutMs: 0 }).env['PATH'];
    const programs = target.kind === 'file' ? [config.verusPath] : [config.cargoPath, config.cargoVerusPath ?? 'cargo-verus', config.cargoVerusPath === null ? config.verusPath : path.join(path.dirname(config.cargoVerusPath), 'verus')];
    return `local;${await describeLocalBinaries(programs, searchPath)}`;
  }
}
