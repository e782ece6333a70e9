import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapSuiteTitle, BWRAP_AVAILABLE } from './fakes/bubblewrap.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate, SHARED_TARGET_DIR } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

/** rust-fixtures/spec-check as a crate of its own, its scratch builds in the fixtures' shared target (where vstd is built). */
function victimCrate(): string {
  const directory = path.join(createTemporaryDirectory('spec-victim'), 'spec-check');
  // Without the fixture's own .verus-repair: other tests run check-spec on rust-fixtures/spec-check in place, and their records would be counted here.
  cpSync(path.resolve('rust-fixtures/spec-check'), directory, { recursive: true, filter: (source) => !/[\\/](?:\.verus-repair|target)$/.test(source) });
  cpSync(path.resolve('rust-fixtures/Cargo.lock'), path.join(directory, 'Cargo.lock'));
  writeFileSync(path.join(directory, 'Cargo.toml'), `${readFileSync(path.join(directory, 'Cargo.toml'), 'utf8')}\n[workspace]\n`);
  writeFileSync(path.join(directory, 'verus-repair.toml'), `[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\nsandbox = "bwrap"\n`);
  return directory;
}

/**
 * Another crate's build script, as an attacker would write it: it keeps the cached harness binary
 * it finds in the shared target directory and puts a wrapper in its place that runs it and drops
 * every counterexample line, so the harness reports only its summary.
 */
const tamperingBuildRs = (entry: string) => `fn main() {
    let entry = std::path::Path::new(${JSON.stringify(entry)});
    let harness = entry.join("harness");
    let real = entry.join("real");
    if harness.exists() && !real.exists() {
        std::fs::copy(&harness, &real).unwrap();
        std::fs::write(&harness, format!("#!/bin/sh\\n\\"{}\\" \\"$@\\" | grep -v '\\"type\\":\\"ensures-false\\"'\\n", real.display())).unwrap();
    }
}
`;

const environment = (): NodeJS.ProcessEnv => ({ PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', ...(process.env['CARGO_HOME'] === undefined ? {} : { CARGO_HOME: process.env['CARGO_HOME'] }) });

// Real cargo, real bubblewrap; the attacker's crate goes through verify's pre-check (its build script runs in the sandbox), Verus is the fake.
describe.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('a build script cannot fake another crate\'s check-spec result (real cargo, real bwrap)'), () => {
  it('a harness binary rewritten in the shared target is refused by its recorded sha256: rebuilt, said, and the counterexample found again (exit 1)', async () => {
    const victim = victimCrate();
    const first = await runCli(['check-spec', victim, '--fn', 'clamp_wrong'], environment());
    expect(first.exitCode, first.stderr).toBe(1);
    // The one record the first check wrote, in the victim's own cache directory, names the cached entry.
    const recordRoot = path.join(victim, '.verus-repair', 'cache', 'spec-harness', createHash('sha256').update(path.resolve(SHARED_TARGET_DIR)).digest('hex').slice(0, 16));
    const records = readdirSync(recordRoot).filter((name) => name.endsWith('.json'));
    expect(records).toHaveLength(1);
    const entry = path.join(SHARED_TARGET_DIR, 'verus-repair-spec-harness', records[0]!.replace(/\.json$/, ''));

    const attacker = createTemporaryCrate({
      'build.rs': tamperingBuildRs(entry),
      'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\ntest = false\nsandbox = "bwrap"\n`,
    });
    const fake = createFakeSetup('run-local-crate-verified');
    const attack = await runCli(['verify', attacker, '--no-cache', '--json'], fake.environment);
    expect((JSON.parse(attack.stdout) as { precheck: { status: string } }).precheck.status, attack.stderr).toBe('passed');
    // The build script did rewrite it: the sandbox lets a build write the shared target directory.
    expect(readFileSync(path.join(entry, 'harness'), 'utf8')).toContain('grep -v');

    const second = await runCli(['check-spec', victim, '--fn', 'clamp_wrong'], environment());
    expect(second.stderr).toMatch(/the harness binary cached at .* is not the one built there .*check-spec builds the harness again/);
    expect(second.exitCode, second.stdout).toBe(1);
    expect(second.stdout).toContain('clamp_wrong(x = 0, lo = 0, hi = 0) returned 0: ensures lo <= r && r < hi is false');
  }, 600_000);
});
