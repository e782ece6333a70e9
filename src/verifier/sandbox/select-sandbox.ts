import { ConfigurationError } from '../../core/errors.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { loadToolchainPin } from '../toolchain/read-toolchain-pin.js';
import { imageTagForPin } from '../toolchain/image-tag-for-pin.js';
import { probeBwrap } from './probe-bwrap.js';
import type { Sandbox } from './sandbox.js';

/**
 * The sandbox `[verifier.precheck] sandbox` asks for. `auto`: bubblewrap when it can create
 * namespaces here; else the Docker runner's container when Verus runs in Docker (and the caller can
 * run there, `docker: true`); else none, with bwrap's reason. Asking for `bwrap` where it cannot
 * run is a configuration error naming why; `docker` where the caller cannot use the container
 * (check-spec) means the best host sandbox.
 */
export async function selectSandbox(config: Pick<VerifierConfig, 'precheck' | 'runner' | 'docker' | 'pin'>, environment: NodeJS.ProcessEnv, caller: { docker: boolean }): Promise<Sandbox> {
  const setting = config.precheck.sandbox;
  if (setting === 'none') return { kind: 'none', reason: '[verifier.precheck] sandbox = "none"' };
  if (setting === 'docker' && caller.docker) return dockerSandbox(config);
  const probe = await probeBwrap(environment);
  if (probe.ok) return { kind: 'bwrap', program: probe.program };
  if (setting === 'bwrap') throw new ConfigurationError(`[verifier.precheck] sandbox = "bwrap", but ${probe.reason}; install bubblewrap where it may create namespaces, or set sandbox = "auto" (unsandboxed, said once per run) or "docker"`);
  if (config.runner === 'docker' && caller.docker) return dockerSandbox(config);
  // check-spec runs the harness it built on the host, so the container is no option for it.
  return { kind: 'none', reason: setting === 'docker' ? `check-spec runs its harness on the host, and ${probe.reason}` : probe.reason };
}

async function dockerSandbox(config: Pick<VerifierConfig, 'docker' | 'pin'>): Promise<Sandbox> {
  return { kind: 'docker', image: config.docker.image ?? imageTagForPin(await loadToolchainPin(config.pin.file)) };
}

/** Says once per run that the crate's code runs without a sandbox, and why. */
export function describeUnsandboxed(reason: string): string {
  return `the crate's build scripts and tests run unsandboxed, with your user's rights (${reason}); see "Where the crate's code runs" in docs/verifier.md`;
}
