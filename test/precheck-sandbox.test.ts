import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { bwrapSuiteTitle, BWRAP_AVAILABLE } from './fakes/bubblewrap.js';
import { createFakeSetup, FAKE_PASS_ENV } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { createTemporaryCrate, SHARED_TARGET_DIR } from './fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const CANARY = 'sk-test-sandbox-canary-4f1c9e';

/**
 * A build script an attacker would write: it reads the environment of itself and of every ancestor
 * it can see (/proc/<pid>/environ, following PPid) and fails the build naming the process where it
 * found the model key. Under the sandbox its ancestors are bwrap's own processes, whose environment
 * is the job's allow-list.
 */
const snoopingBuildRs = (report: string) => `fn main() {
    let mut pid = std::process::id();
    loop {
        let environ = std::fs::read(format!("/proc/{pid}/environ")).unwrap_or_default();
        if String::from_utf8_lossy(&environ).contains("${CANARY}") {
            let command = std::fs::read_to_string(format!("/proc/{pid}/comm")).unwrap_or_default();
            let _ = std::fs::write(${JSON.stringify(report)}, format!("model key visible in the environment of pid {pid} ({})", command.trim()));
            panic!("model key visible in the environment of pid {pid}");
        }
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
        let parent = status.lines().find(|line| line.starts_with("PPid:")).and_then(|line| line.split_whitespace().nth(1)).and_then(|value| value.parse::<u32>().ok()).unwrap_or(0);
        if parent == 0 { break; }
        pid = parent;
    }
}
`;

function snoopingCrate(sandbox: string, report: string): string {
  return createTemporaryCrate({
    'build.rs': snoopingBuildRs(report),
    'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\ntest = false\nsandbox = "${sandbox}"\n`,
  });
}

async function verifyWithKey(crateDir: string, extraPath: string[] = []) {
  const fake = createFakeSetup('run-local-crate-verified');
  const environment = { ...fake.environment, OPENAI_API_KEY: CANARY, PATH: [...extraPath, fake.environment['PATH'] ?? ''].join(path.delimiter) };
  const run = await runCli(['verify', crateDir, '--json', '--no-cache'], environment);
  const output = JSON.parse(run.stdout) as { precheck: { status: string; diagnostics?: Array<{ message: string }> } };
  return { ...run, precheck: output.precheck };
}

// Real cargo (vstd already built in rust-fixtures/target), real bubblewrap, the fake Verus.
describe.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('the pre-check sandbox (real cargo, real bwrap)'), () => {
  it('a build script that walks its ancestors\' environ finds no model key under bwrap, and says nothing about running unsandboxed', async () => {
    const report = path.join(createTemporaryDirectory('snoop'), 'report');
    const run = await verifyWithKey(snoopingCrate('auto', report));
    expect(run.precheck).toMatchObject({ status: 'passed' });
    expect(existsSync(report)).toBe(false);
    expect(run.stderr).not.toContain('unsandboxed');
    expect(run.exitCode).toBe(0);
  }, 300_000);

  it('without the sandbox the same build script finds the key in an ancestor\'s environ (what bwrap prevents), and the run says once that it is unsandboxed', async () => {
    const report = path.join(createTemporaryDirectory('snoop'), 'report');
    const run = await verifyWithKey(snoopingCrate('none', report));
    expect(run.precheck.status).toBe('build-failed');
    // The key is in verus-repair's own environ (node), which the unsandboxed build script can read.
    expect(readFileSync(report, 'utf8')).toMatch(/^model key visible in the environment of pid \d+ \(node\)$/);
    expect(run.stderr.match(/build scripts and tests run unsandboxed/g)).toHaveLength(1);
  }, 300_000);
});

/** rust-fixtures/spec-check with the snooping build script, as check-spec builds it into its harness crate. */
function snoopingSpecCrate(sandbox: string, report: string): string {
  const directory = path.join(createTemporaryDirectory('spec-sandbox'), 'spec-check');
  cpSync(path.resolve('rust-fixtures/spec-check'), directory, { recursive: true });
  cpSync(path.resolve('rust-fixtures/Cargo.lock'), path.join(directory, 'Cargo.lock'));
  writeFileSync(path.join(directory, 'Cargo.toml'), `${readFileSync(path.join(directory, 'Cargo.toml'), 'utf8')}\n[workspace]\n`);
  writeFileSync(path.join(directory, 'build.rs'), snoopingBuildRs(report));
  writeFileSync(path.join(directory, 'verus-repair.toml'), `[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\nsandbox = "${sandbox}"\n`);
  return directory;
}

describe.skipIf(!BWRAP_AVAILABLE)(bwrapSuiteTitle('the check-spec harness in the sandbox (real cargo, real bwrap)'), () => {
  it('builds and runs the harness where a snooping build script finds no model key; unsandboxed it finds it', async () => {
    const environment = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', OPENAI_API_KEY: CANARY, ...(process.env['CARGO_HOME'] === undefined ? {} : { CARGO_HOME: process.env['CARGO_HOME'] }) };
    const sandboxedReport = path.join(createTemporaryDirectory('snoop'), 'report');
    const sandboxed = await runCli(['check-spec', snoopingSpecCrate('auto', sandboxedReport), '--fn', 'clamp_wrong', '--json'], environment);
    expect(sandboxed.exitCode, sandboxed.stderr).toBe(1); // its counterexample: the harness built and ran
    expect(existsSync(sandboxedReport)).toBe(false);
    const openReport = path.join(createTemporaryDirectory('snoop'), 'report');
    const open = await runCli(['check-spec', snoopingSpecCrate('none', openReport), '--fn', 'clamp_wrong', '--json'], environment);
    expect(readFileSync(openReport, 'utf8')).toMatch(/^model key visible in the environment of pid \d+ \(node\)$/);
    expect(open.stderr.match(/build scripts and tests run unsandboxed/g)).toHaveLength(1);
  }, 300_000);
});

describe('the pre-check where bwrap cannot create namespaces (a fake bwrap that fails as in a container)', () => {
  function failingBwrap(): string {
    const directory = createTemporaryDirectory('failing-bwrap');
    mkdirSync(directory, { recursive: true });
    writeFileSync(path.join(directory, 'bwrap'), '#!/bin/sh\necho "bwrap: No permissions to create new namespace, likely because the kernel does not allow non-privileged user namespaces." >&2\nexit 1\n');
    chmodSync(path.join(directory, 'bwrap'), 0o755);
    return directory;
  }

  it('auto falls back to running unsandboxed and says so once, naming bwrap\'s reason', async () => {
    const crateDir = createTemporaryCrate({ 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\ntarget_dir = ${JSON.stringify(SHARED_TARGET_DIR)}\noffline = true\n` });
    const run = await verifyWithKey(crateDir, [failingBwrap()]);
    expect(run.precheck.status).toBe('passed');
    expect(run.stderr.match(/build scripts and tests run unsandboxed, with your user's rights \(bwrap cannot create its namespaces here \(bwrap: No permissions to create new namespace/g)).toHaveLength(1);
  }, 300_000);

  it('sandbox = "bwrap" refuses the run with the reason and a fix, exit 2', async () => {
    const crateDir = createTemporaryCrate({ 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nsandbox = "bwrap"\n` });
    const fake = createFakeSetup('run-local-crate-verified');
    const run = await runCli(['verify', crateDir], { ...fake.environment, PATH: `${failingBwrap()}${path.delimiter}${fake.environment['PATH'] ?? ''}` });
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toContain('[verifier.precheck] sandbox = "bwrap", but bwrap cannot create its namespaces here');
    expect(run.stderr).not.toMatch(/\n\s+at /);
  }, 120_000);
});
