import { randomBytes } from 'node:crypto';
import { access, mkdir } from 'node:fs/promises';
import { assertNever } from '../../core/assert-never.js';
import type { VerifierConfig } from '../config/verifier-config.js';
import type { ProcessJob } from '../jobs/process-job.js';
import type { Sandbox } from './sandbox.js';
import { wrapInBwrap } from './wrap-in-bwrap.js';
import { wrapInContainer } from './wrap-in-container.js';

export interface SandboxPlacement {
  /** The crate the job runs in: writable in the sandbox (bwrap) unless `crateReadOnly`, mounted read-only and expanded (docker). */
  crateCopyDir: string;
  /** The user's own crate, run in place with `--locked` (bwrap): bound read-only, with `readable`, not writable. */
  crateReadOnly?: boolean;
  /** Directories cargo reads besides the crate (its workspace root, path dependencies): bound read-only (bwrap), also for a copy. */
  readable?: readonly string[];
  /** Further directories the job writes: the cargo target directory. */
  writable: readonly string[];
  config: VerifierConfig;
  environment: NodeJS.ProcessEnv;
}

// Names this process's pre-check containers verus-repair-<hex>p-<n> (p: pre-check), apart from the verifier's.
const CONTAINER_RUN_ID = `${randomBytes(4).toString('hex')}p`;
let containerSequence = 0;

/**
 * A host job placed in its sandbox, and the crate's directory as the job sees it (for diagnostics).
 * Cargo jobs get `--offline` inside a sandbox: it has no network (fetchDependencies runs before).
 */
export async function placeInSandbox(job: ProcessJob, sandbox: Sandbox, placement: SandboxPlacement, options: { cargo: boolean }): Promise<{ job: ProcessJob; root: string }> {
  const offline = options.cargo && !job.command.includes('--offline') ? { ...job, command: [...job.command, '--offline'] } : job;
  switch (sandbox.kind) {
    case 'none':
      return { job, root: placement.crateCopyDir };
    case 'bwrap': {
      for (const directory of placement.writable) await mkdir(directory, { recursive: true });
      // bwrap refuses to bind a missing path; cargo then names the missing dependency itself.
      const readable = await keepExisting(placement.readable ?? []);
      return {
        job: placement.crateReadOnly === true
          ? wrapInBwrap(offline, { program: sandbox.program, writable: placement.writable, readable: [placement.crateCopyDir, ...readable] })
          : wrapInBwrap(offline, { program: sandbox.program, writable: [placement.crateCopyDir, ...placement.writable], readable }),
        root: placement.crateCopyDir,
      };
    }
    case 'docker':
      containerSequence += 1;
      return wrapInContainer(offline, { image: sandbox.image, crateCopyDir: placement.crateCopyDir, runId: CONTAINER_RUN_ID, sequence: containerSequence, config: placement.config, environment: placement.environment });
    default:
      return assertNever(sandbox, 'sandbox');
  }
}

async function keepExisting(directories: readonly string[]): Promise<string[]> {
  const kept: string[] = [];
  for (const directory of directories) if (await access(directory).then(() => true, () => false)) kept.push(directory);
  return kept;
}
