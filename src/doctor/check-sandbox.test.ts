import { chmodSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BWRAP_AVAILABLE, bwrapSuiteTitle } from '../../test/fakes/bubblewrap.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../test/fakes/temporary-directory.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import type { VerifierConfig } from '../verifier/config/verifier-config.js';
import { checkSandbox } from './check-sandbox.js';

afterAll(removeTemporaryDirectories);

/** A PATH whose bwrap fails as it does in a container without user namespaces (bwrap's own message). */
function pathWithFailingBwrap(): string {
  const directory = createTemporaryDirectory('doctor-bwrap');
  writeFileSync(path.join(directory, 'bwrap'), '#!/bin/sh\necho "bwrap: Creating new namespace failed: Operation not permitted" >&2\nexit 1\n');
  chmodSync(path.join(directory, 'bwrap'), 0o755);
  return `${directory}${path.delimiter}${process.env['PATH'] ?? ''}`;
}

const configWith = (sandbox: VerifierConfig['precheck']['sandbox']): VerifierConfig => {
  const base = defaultVerifierConfig('/project');
  return { ...base, precheck: { ...base.precheck, sandbox } };
};

describe('doctor: the pre-check sandbox', () => {
  it('warns that the crate\'s code runs unsandboxed when bwrap cannot create namespaces, quoting bwrap, with the fix', async () => {
    const check = await checkSandbox(configWith('auto'), 'local', { PATH: pathWithFailingBwrap() });
    expect(check).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^none: the crate's build scripts and tests run unsandboxed, with your user's rights \(bwrap cannot create its namespaces here \(bwrap: Creating new namespace failed: Operation not permitted\)\)$/), fix: expect.stringContaining('apt-get install bubblewrap') });
  });

  it('falls back to the Docker runner\'s container with the Docker runner, saying why; fails when bwrap is required; warns for sandbox = "none"', async () => {
    const environment = { PATH: pathWithFailingBwrap() };
    expect(await checkSandbox({ ...configWith('auto'), docker: { ...configWith('auto').docker, image: 'verus-repair/verus:test' } }, 'docker', environment)).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^the Docker runner's container \(verus-repair\/verus:test\), because bwrap cannot create its namespaces here/) });
    expect(await checkSandbox(configWith('bwrap'), 'local', environment)).toMatchObject({ status: 'fail', detail: expect.stringContaining('sandbox = "bwrap", but bwrap cannot create its namespaces here') });
    expect(await checkSandbox(configWith('none'), 'local', environment)).toMatchObject({ status: 'warn', fix: 'set [verifier.precheck] sandbox = "auto" in verus-repair.toml' });
  });

  it('says bwrap is not installed when it is not on PATH', async () => {
    expect(await checkSandbox(configWith('auto'), 'local', { PATH: createTemporaryDirectory('empty-path') })).toMatchObject({ status: 'warn', detail: expect.stringContaining('bwrap is not installed') });
  });

  it.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('reports bubblewrap where it works'), async () => {
    expect(await checkSandbox(configWith('auto'), 'local', process.env)).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^bubblewrap: /) });
  });
});
