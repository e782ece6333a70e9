import { assertNever } from '../core/assert-never.js';
import { ConfigurationError } from '../core/errors.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { probeBwrap } from '../verifier/sandbox/probe-bwrap.js';
import { selectSandbox } from '../verifier/sandbox/select-sandbox.js';
import { failed, passed, warned, type DoctorCheck } from './doctor-check.js';

const NAME = 'pre-check sandbox';
const INSTALL = 'install bubblewrap (`sudo apt-get install bubblewrap`); in a container, allow it user namespaces, or set [verifier.precheck] sandbox = "docker"';

/**
 * Where the crate's build scripts and tests will run (the pre-check, check-spec's harness), as a
 * run would choose it (selectSandbox), and why: unsandboxed is a warning naming bwrap's own reason.
 */
export async function checkSandbox(config: VerifierConfig, runner: VerifierConfig['runner'], environment: NodeJS.ProcessEnv): Promise<DoctorCheck> {
  let sandbox;
  try {
    sandbox = await selectSandbox({ ...config, runner }, environment, { docker: true });
  } catch (error) {
    if (error instanceof ConfigurationError) return failed(NAME, error.message, INSTALL);
    throw error;
  }
  switch (sandbox.kind) {
    case 'bwrap':
      return passed(NAME, 'bubblewrap: new PID and network namespaces (no view of verus-repair\'s environment), read-only root; the crate copy and the target directory writable');
    case 'docker': {
      const probe = config.precheck.sandbox === 'auto' ? await probeBwrap(environment) : null;
      return passed(NAME, `the Docker runner's container (${sandbox.image})${probe !== null && !probe.ok ? `, because ${probe.reason}` : ''}`);
    }
    case 'none':
      return warned(NAME, `none: the crate's build scripts and tests run unsandboxed, with your user's rights (${sandbox.reason})`, config.precheck.sandbox === 'none' ? 'set [verifier.precheck] sandbox = "auto" in verus-repair.toml' : INSTALL);
    default:
      return assertNever(sandbox, 'sandbox');
  }
}
