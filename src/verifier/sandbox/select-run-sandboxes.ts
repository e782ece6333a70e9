import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import { stringify } from 'smol-toml';
import { defaultVerifierConfig, loadVerifierConfig, readVerifierConfig } from '../config/read-verifier-config.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import { findProjectRoot } from '../find-project-root.js';
import { imageTagForPin } from '../toolchain/image-tag-for-pin.js';
import { loadToolchainPin } from '../toolchain/read-toolchain-pin.js';
import type { Sandbox } from './sandbox.js';
import { selectSandbox } from './select-sandbox.js';

/**
 * Where a run let the crate's own code run, for its report and header: the pre-check's cargo steps
 * (build script, tests; null when no pre-check runs) and Verus, whose `cargo verus` runs the build
 * script too. The local runner runs Verus on the host as it is installed, never under bubblewrap; a
 * queue's worker runs it with its own runner, which its verdicts' origin names.
 */
export interface RunSandboxes {
  precheck: Sandbox | null;
  verifier: Sandbox | { kind: 'queue'; queue: string };
}

export const LOCAL_VERIFIER_UNSANDBOXED = "the local runner runs cargo verus on this machine with your user's rights, the crate's build script included (Verus is not run under bubblewrap)";

export async function selectRunSandboxes(config: VerifierConfig, environment: NodeJS.ProcessEnv, options: { precheck: boolean }): Promise<RunSandboxes> {
  const precheck = options.precheck && config.precheck.enabled ? await selectSandbox(config, environment, { docker: true }) : null;
  return { precheck, verifier: await selectVerifierSandbox(config) };
}

async function selectVerifierSandbox(config: VerifierConfig): Promise<RunSandboxes['verifier']> {
  switch (config.runner) {
    case 'docker':
      return { kind: 'docker', image: config.docker.image ?? imageTagForPin(await loadToolchainPin(config.pin.file)) };
    case 'local':
      return { kind: 'none', reason: LOCAL_VERIFIER_UNSANDBOXED };
    case 'queue':
      return { kind: 'queue', queue: config.queue.name };
    default:
      return assertNever(config.runner, 'runner');
  }
}

/** The header line: `sandbox: pre-check in bubblewrap (/usr/bin/bwrap); Verus in the container IMAGE`. */
export function renderRunSandboxes(sandboxes: RunSandboxes): string {
  const precheck = sandboxes.precheck === null ? 'no pre-check' : `pre-check ${describePlace(sandboxes.precheck)}`;
  const verifier = sandboxes.verifier.kind === 'queue' ? `Verus on the workers of queue ${sandboxes.verifier.queue} (each verdict's origin names the worker's runner)` : `Verus ${describePlace(sandboxes.verifier)}`;
  return `sandbox: ${precheck}; ${verifier}`;
}

function describePlace(sandbox: Sandbox): string {
  switch (sandbox.kind) {
    case 'bwrap':
      return `in bubblewrap (${sandbox.program})`;
    case 'docker':
      return `in the container ${sandbox.image}`;
    case 'none':
      return `unsandboxed (${sandbox.reason})`;
    default:
      return assertNever(sandbox, 'sandbox');
  }
}

/** The sandboxes of a run on `crateDir` under its project's verus-repair.toml, the runner as overridden (review, whose config loads inside the run). */
export async function selectRunSandboxesOf(crateDir: string, runner: VerifierConfig['runner'] | null, environment: NodeJS.ProcessEnv): Promise<RunSandboxes> {
  const { config } = await loadVerifierConfig(await findProjectRoot(path.resolve(crateDir)));
  return selectRunSandboxes({ ...config, runner: runner ?? config.runner }, environment, { precheck: true });
}

/** The sandboxes of a bench's attempts: its grid's `[verifier]` and `[queue]` tables (already checked by readBenchGrid), the runner as overridden. */
export async function selectRunSandboxesOfTables(tables: { verifier: Record<string, unknown>; queue: Record<string, unknown> | null }, runner: VerifierConfig['runner'] | null, environment: NodeJS.ProcessEnv, baseDir: string): Promise<RunSandboxes> {
  const read = readVerifierConfig(stringify({ verifier: tables.verifier, ...(tables.queue === null ? {} : { queue: tables.queue }) }), 'the bench grid', baseDir);
  const config = read.config ?? defaultVerifierConfig(baseDir);
  return selectRunSandboxes({ ...config, runner: runner ?? config.runner }, environment, { precheck: true });
}
