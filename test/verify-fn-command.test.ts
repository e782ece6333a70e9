import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';
import { runCliInProcess } from './run-cli-in-process.js';

afterAll(removeTemporaryDirectories);

describe('verus-repair verify --fn with a function that does not exist', () => {
  it('is bad input (exit 2) naming the function and listing close names, before any verifier runs', async () => {
    const crateDir = createTemporaryCrate({ 'verus-repair.toml': '[verifier]\nrunner = "local"\n\n[verifier.precheck]\nenabled = false\n' });
    const nope = await runCliInProcess('verify', crateDir, '--fn', 'nope', '--no-cache');
    expect(nope.exitCode).toBe(2);
    expect(nope.stderr).toMatch(/--fn nope: no function named nope in .*; functions: add_one, lemmas::double/);
    const typo = await runCliInProcess('verify', crateDir, '--fn', 'runner_demo::lemmas::doubel', '--no-cache');
    expect(typo.exitCode).toBe(2);
    expect(typo.stderr).toMatch(/no function named doubel .*did you mean lemmas::double/);
    const file = await runCliInProcess('verify', path.join(crateDir, 'src', 'lib.rs'), '--fn', 'add_two', '--no-cache');
    expect(file.exitCode).toBe(2);
    expect(file.stderr).toMatch(/did you mean add_one/);
  });
});
