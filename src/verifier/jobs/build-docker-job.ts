import type { VerifierConfig } from '../config/verifier-config.js';
import type { ContainerSpec } from './container-spec.js';
import type { ProcessJob } from './process-job.js';
import { renderDockerRunArguments } from './render-docker-run-arguments.js';
import { DOCKER_CLIENT_ENVIRONMENT_ALLOW_LIST, selectEnvironment } from './select-environment.js';
import type { VerusCommand } from './verus-command.js';

/** Where things live inside the container. */
export const CONTAINER_PATHS = {
  /** The read-only mount of the temporary crate copy. */
  crate: '/work/crate',
  /** A writable tmpfs the copy is expanded into: cargo must be able to write Cargo.lock. */
  build: '/work/build',
  /** CARGO_TARGET_DIR, on tmpfs. */
  target: '/work/target',
  /**
   * vstd already built at image build time by `cargo verus verify` and `focus` with the runner's own
   * cargo-verus options (see Dockerfile); copied whole into the target, `verus-partial/` included.
   */
  targetSeed: '/opt/verus-repair/target-seed',
} as const;

/**
 * The in-container preamble: expand the read-only copy into the writable build tmpfs, seed the
 * target with the prebuilt vstd when the image has one, then exec the Verus command ("$@").
 */
const SANDBOX_SCRIPT = [
  `cp -R ${CONTAINER_PATHS.crate}/. ${CONTAINER_PATHS.build}/`,
  `if [ -d ${CONTAINER_PATHS.targetSeed} ]; then cp -R --preserve=timestamps ${CONTAINER_PATHS.targetSeed}/. ${CONTAINER_PATHS.target}/; fi`,
  'exec "$@"',
].join(' && ');

/** The only variables set inside the container. */
export const CONTAINER_ENVIRONMENT: Record<string, string> = {
  CARGO_TARGET_DIR: CONTAINER_PATHS.target,
  CARGO_NET_OFFLINE: 'true',
  CARGO_TERM_COLOR: 'never',
};

/** Identifies one container of one verus-repair run. */
export interface ContainerRun {
  image: string;
  /** Host path of the temporary copy of the crate (never the user's tree). */
  crateCopyDir: string;
  runId: string;
  sequence: number;
  timeoutMs: number;
}

/**
 * The container spec for a Verus command (pure). The crate copy is mounted read-only and copied
 * into a tmpfs inside the container, because cargo writes Cargo.lock next to Cargo.toml; nothing a
 * run writes survives it.
 */
export function buildContainerSpec(command: VerusCommand, config: VerifierConfig, run: ContainerRun): ContainerSpec {
  const program = command.tool === 'cargo-verus' ? ['cargo'] : ['verus'];
  const tmpfsOptions = `rw,exec,nosuid,size=${config.docker.tmpfsSize},mode=1777`;
  return {
    image: run.image,
    name: `verus-repair-${run.runId}-${run.sequence}`,
    labels: { 'verus-repair': '1', 'verus-repair.run': run.runId },
    user: config.docker.user,
    network: 'none',
    mounts: [{ source: run.crateCopyDir, target: CONTAINER_PATHS.crate, readOnly: true }],
    tmpfs: { [CONTAINER_PATHS.build]: tmpfsOptions, [CONTAINER_PATHS.target]: tmpfsOptions },
    env: { ...CONTAINER_ENVIRONMENT },
    workdir: CONTAINER_PATHS.build,
    limits: { memory: config.docker.memory, pidsLimit: config.docker.pidsLimit, cpus: config.docker.cpus },
    command: ['sh', '-c', SANDBOX_SCRIPT, 'verus-repair-sandbox', ...program, ...command.args],
  };
}

/** The docker client job for a container spec, with `docker rm -f <name>` as the cleanup after a kill. */
export function buildDockerJob(spec: ContainerSpec, config: VerifierConfig, environment: NodeJS.ProcessEnv, settings: { cwd: string; timeoutMs: number; dockerProgram?: string }): ProcessJob {
  const docker = settings.dockerProgram ?? 'docker';
  return {
    command: [docker, ...renderDockerRunArguments(spec)],
    cwd: settings.cwd,
    env: selectEnvironment(environment, DOCKER_CLIENT_ENVIRONMENT_ALLOW_LIST, config.passEnv),
    timeoutMs: settings.timeoutMs,
    maxOutputBytes: config.maxOutputBytes,
    cleanupCommands: [[docker, 'rm', '-f', spec.name]],
  };
}
