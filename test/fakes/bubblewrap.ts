import { spawnSync } from 'node:child_process';
import { BWRAP_ISOLATION_ARGUMENTS } from '../../src/verifier/sandbox/bwrap-arguments.js';
import { IN_CI } from './ci-environment.js';

/** Whether bubblewrap can create its namespaces on this machine (the pre-check sandbox's own probe, run once). */
const BWRAP_WORKS = spawnSync('bwrap', [...BWRAP_ISOLATION_ARGUMENTS, 'true'], { stdio: 'ignore', timeout: 10_000 }).status === 0;

/** CI installs Debian's bubblewrap (.ci/run), so there a bwrap that cannot run fails the sandbox suites instead of skipping them. */
export const BWRAP_AVAILABLE = BWRAP_WORKS || IN_CI;

/** A suite title that says, when bwrap cannot run here, why the suite is skipped. */
export function bwrapSuiteTitle(title: string): string {
  return BWRAP_AVAILABLE ? title : `${title} [skipped: bwrap cannot create namespaces here or is missing; apt-get install bubblewrap]`;
}
