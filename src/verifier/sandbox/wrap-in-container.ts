import type { VerifierConfig } from '../config/verifier-config.js';
import { buildContainerSpec, buildDockerJob, CONTAINER_PATHS } from '../jobs/build-docker-job.js';
import type { ProcessJob } from '../jobs/process-job.js';

/** The cargo variables a pre-check job sets that mean the same inside the container. */
const CARRIED_VARIABLES = ['CARGO_INCREMENTAL', 'RUST_BACKTRACE'];

/**
 * A host cargo job run in the Docker runner's container instead, as Verus runs there (pure): the
 * crate copy mounted read-only and expanded into a tmpfs, target/ on tmpfs, no network (so cargo
 * runs `--offline`: the image holds vstd), the runner's limits and non-root user, nothing of the
 * host's environment. `root` is where the crate is inside, for reading diagnostics.
 */
export function wrapInContainer(job: ProcessJob, run: { image: string; crateCopyDir: string; runId: string; sequence: number; config: VerifierConfig; environment: NodeJS.ProcessEnv }): { job: ProcessJob; root: string } {
  const [, ...cargoArguments] = job.command;
  const args = cargoArguments.includes('--offline') ? cargoArguments : [...cargoArguments, '--offline'];
  const timeoutMs = job.timeoutMs ?? run.config.timeoutMs;
  const spec = buildContainerSpec({ tool: 'cargo-verus', args }, run.config, { image: run.image, crateCopyDir: run.crateCopyDir, runId: run.runId, sequence: run.sequence, timeoutMs });
  for (const name of CARRIED_VARIABLES) if (job.env[name] !== undefined) spec.env[name] = job.env[name];
  const docker = buildDockerJob(spec, run.config, run.environment, { cwd: job.cwd, timeoutMs });
  return { job: { ...docker, maxOutputBytes: job.maxOutputBytes }, root: CONTAINER_PATHS.build };
}
