import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { defaultVerifierConfig, readVerifierConfig } from '../config/read-verifier-config.js';
import { selectSandbox } from './select-sandbox.js';

afterAll(removeTemporaryDirectories);

describe('[verifier.precheck] sandbox', () => {
  it('refuses an unknown value naming the key, the choices and an example', () => {
    expect(readVerifierConfig('[verifier.precheck]\nsandbox = "jail"\n', '/r/verus-repair.toml', '/r').errors).toEqual(['/r/verus-repair.toml: verifier.precheck.sandbox: expected one of "auto", "bwrap", "docker", "none", received "jail". Example: sandbox = "auto"  # or "bwrap", "docker", "none"']);
  });

  it('without bwrap: auto is none with the reason; docker for check-spec, which cannot use the container, is the best host sandbox', async () => {
    const base = defaultVerifierConfig('/project');
    const environment = { PATH: createTemporaryDirectory('no-bwrap') };
    expect(await selectSandbox({ ...base, runner: 'local' }, environment, { docker: true })).toEqual({ kind: 'none', reason: 'bwrap is not installed (Debian: apt-get install bubblewrap)' });
    const docker = { ...base, docker: { ...base.docker, image: 'verus-repair/verus:test' }, precheck: { ...base.precheck, sandbox: 'docker' as const } };
    expect(await selectSandbox(docker, environment, { docker: true })).toEqual({ kind: 'docker', image: 'verus-repair/verus:test' });
    expect(await selectSandbox(docker, environment, { docker: false })).toEqual({ kind: 'none', reason: 'check-spec runs its harness on the host, and bwrap is not installed (Debian: apt-get install bubblewrap)' });
  });
});
