import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate, SHARED_TARGET_DIR, VERIFYING_LIB_RS } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const CONFIG = `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\nsandbox = "none"\n`;
const crate = (lib: string) => createTemporaryCrate({ 'src/lib.rs': lib, 'verus-repair.toml': CONFIG });

// Real cargo for the erased pre-check, the fake cargo-verus (which answers verified) for Verus.
describe('verify and the erasure-aware pre-check (real cargo, fake Verus)', () => {
  it('says the pre-check is not applicable, naming the cause, and lets Verus run (text and JSON)', async () => {
    const fake = createFakeSetup('run-local-crate-verified');
    const dir = crate(`use vstd::math::abs;\n${VERIFYING_LIB_RS}`);
    const text = await runCli(['verify', dir, '--no-cache'], fake.environment);
    expect(text.exitCode, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/^pre-check: not applicable \(src\/lib\.rs:1: vstd::math::abs is a spec fn, which the erased verus! macro drops \(vstd\/math\.rs:\d+\)\); Verus runs$/m);
    expect(text.stdout).toMatch(/^ {2}erased only: src\/lib\.rs:1: vstd::math::abs/m);
    const json = await runCli(['verify', dir, '--no-cache', '--json'], fake.environment);
    expect(JSON.parse(json.stdout)).toMatchObject({ precheck: { status: 'not-applicable', causes: [{ rule: 'ghost-vstd-import', item: 'vstd::math::abs', file: 'src/lib.rs', line: 1 }] }, verification: { status: 'verified' } });
  }, 300_000);

  it('reports the fixes made to the erased copy, one line each', async () => {
    const fake = createFakeSetup('run-local-crate-verified');
    const run = await runCli(['verify', crate(`#![verifier::exec_allows_no_decreases_clause]\n${VERIFYING_LIB_RS}`), '--no-cache'], fake.environment);
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^pre-check: passed after fixes to the erased copy \(cargo build\) in \d+\.\d s(, \d+ warning\(s\))?: src\/lib\.rs:1: removed #!\[verifier::exec_allows_no_decreases_clause\]/m);
    expect(run.stdout).toMatch(/^ {2}fixed in the erased copy: src\/lib\.rs:1: removed/m);
  }, 300_000);

  it('is not verified (exit 1) with a type error in exec code beside an erasure cause, though the verifier would verify it', async () => {
    const fake = createFakeSetup('run-local-crate-verified');
    const broken = VERIFYING_LIB_RS.replace('    x + 1\n', '    let flag: bool = x;\n    x + 1\n');
    const run = await runCli(['verify', crate(`use vstd::math::abs;\n${broken}`), '--no-cache'], fake.environment);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toMatch(/^pre-check: FAILED: cargo build does not compile \(2 error\(s\)\); Verus was not run$/m);
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(0);
  }, 300_000);
});
