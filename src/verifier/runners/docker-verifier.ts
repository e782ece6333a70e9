import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { normalizeReport } from '../../diagnostics/normalize-report.js';
import { parseVerifierOutput } from '../../diagnostics/parse-verifier-output.js';
import { buildContainerSpec, buildDockerJob, CONTAINER_PATHS } from '../jobs/build-docker-job.js';
import { buildVerusCommand } from '../jobs/build-verus-command.js';
import { createRunNonce } from '../jobs/create-run-nonce.js';
import { maskRunNonce } from '../jobs/mask-run-nonce.js';
import { readRootPackage } from '../jobs/read-root-package.js';
import { classifyVerifierRun } from '../result/classify-verifier-run.js';
import { runProcessJob } from '../run/run-process-job.js';
import { hashToolchainPin } from '../toolchain/hash-toolchain-pin.js';
import { imageTagForPin } from '../toolchain/image-tag-for-pin.js';
import type { ToolchainPin } from '../toolchain/toolchain-pin.js';
import { copyVerificationInputs } from './copy-verification-inputs.js';
import type { ReportingVerifier, VerificationWithReport } from './reporting-verifier.js';
import { throwAbortReason } from './throw-if-aborted.js';
import { locateVerificationRoot } from './verification-root.js';

export interface DockerVerifierSettings {
  config: VerifierConfig;
  pin: ToolchainPin;
  /** Host environment for the docker client (default: process.env); never forwarded into the container. */
  environment?: NodeJS.ProcessEnv;
  /** Names this run's containers `verus-repair-<runId>-<n>`; random when omitted. */
  runId?: string;
  /** The docker program (default `docker` from PATH). */
  dockerProgram?: string;
}

/**
 * Runs Verus in the pinned image: no network, a read-only mount of a temporary copy of exactly the
 * verification inputs, target/ on tmpfs, memory/pids/cpu limits, a non-root user, and a named,
 * labelled container that is removed (`docker rm -f`) when the run times out or is aborted.
 */
export class DockerVerifier implements ReportingVerifier {
  readonly runner = 'docker' as const;
  readonly runId: string;
  readonly image: string;
  private readonly pinHash: string;
  private sequence = 0;

  constructor(private readonly settings: DockerVerifierSettings) {
    this.runId = settings.runId ?? randomBytes(4).toString('hex');
    this.pinHash = hashToolchainPin(settings.pin);
    this.image = settings.config.docker.image ?? imageTagForPin(settings.pin);
  }

  async verify(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerifierResult> {
    return (await this.verifyWithReport(target, options, signal)).result;
  }

  async verifyWithReport(target: VerificationTarget, options: VerificationOptions, signal?: AbortSignal): Promise<VerificationWithReport> {
    const { config } = this.settings;
    const inputs = await listVerificationInputs(target);
    const { root, relativeFile } = locateVerificationRoot(target);
    const runNonce = createRunNonce();
    const command = buildVerusCommand(target, options, { relativeFile, offline: true, runNonce });
    this.sequence += 1;
    const crateCopyDir = await copyVerificationInputs(inputs);
    try {
      const spec = buildContainerSpec(command, config, { image: this.image, crateCopyDir, runId: this.runId, sequence: this.sequence, timeoutMs: options.timeoutMs });
      const job = buildDockerJob(spec, config, this.settings.environment ?? process.env, {
        cwd: root,
        timeoutMs: options.timeoutMs,
        ...(this.settings.dockerProgram === undefined ? {} : { dockerProgram: this.settings.dockerProgram }),
      });
      const outcome = await runProcessJob(job, signal === undefined ? {} : { signal });
      if (outcome.kind === 'aborted') throwAbortReason(signal);
      const rootPackage = await readRootPackage(target, CONTAINER_PATHS.build);
      const parsed = parseVerifierOutput({ stdout: outcome.stdout.text, stderr: outcome.stderr.text }, { origin: 'verus', rootPackage });
      const report = normalizeReport(parsed, { root: CONTAINER_PATHS.build });
      const result = classifyVerifierRun(outcome, report, {
        command: maskRunNonce(job.command, runNonce),
        tool: 'docker',
        toolchain: { pinHash: this.pinHash, imageDigest: null },
        hints: { runner: 'docker', imageTag: this.image },
        viaCargo: command.tool === 'cargo-verus',
        origin: { kind: 'docker', ...splitImageDigest(this.image), verusVersion: report.verusVersion },
      });
      return { result, report };
    } finally {
      await rm(crateCopyDir, { recursive: true, force: true });
    }
  }

  async describeToolchain(): Promise<string> {
    return `docker;image=${this.image};pin=${this.pinHash}`;
  }
}

/** `name@sha256:…` names its digest; a tag alone does not (the runner does not inspect the image). */
function splitImageDigest(image: string): { image: string; digest: string | null } {
  const at = image.lastIndexOf('@');
  return at < 0 ? { image, digest: null } : { image: image.slice(0, at), digest: image.slice(at + 1) };
}
