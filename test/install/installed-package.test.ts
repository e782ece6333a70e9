import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fake-openai-server.js';
import { buildZip, verusReleaseFiles } from '../fakes/build-zip.js';
import { FAKE_BIN_DIR, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { packAndInstall, PROJECT_ROOT } from './pack-and-install.js';

/**
 * The package as a user gets it: packed (its `files` only), installed into an empty project, and run
 * through `npx verus-repair`, outside this repository. Slow (npm pack and install, ~20 s), so every
 * command runs against one install.
 */
let installed: { projectDir: string; packageDir: string };
let server: FakeOpenAiServer;
beforeAll(async () => {
  installed = packAndInstall(createTemporaryDirectory('installed'));
  server = await startFakeOpenAiServer({ models: ['fake-model'] });
}, 240_000);
afterAll(async () => {
  await server?.close();
  removeTemporaryDirectories();
});

function baseEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { PATH: process.env['PATH'] ?? '', HOME: process.env['HOME'] ?? '', OPENAI_API_KEY: 'decoy-secret-must-not-leak' };
  for (const name of ['CARGO_HOME', 'RUSTUP_HOME', 'npm_config_cache']) if (process.env[name] !== undefined) environment[name] = process.env[name];
  return environment;
}

/** `npx verus-repair ARGS` from `cwd`, resolved from the user project's node_modules (never this checkout). */
async function npx(args: string[], cwd: string, environment: NodeJS.ProcessEnv = baseEnvironment()): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const result = await execa('npx', ['--offline', '--prefix', installed.projectDir, 'verus-repair', ...args], { cwd, env: environment, extendEnv: false, reject: false, timeout: 180_000 });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}

describe('the installed package (npm pack, npm install, npx verus-repair)', () => {
  it('runs the demo offline from its own demo/ assets, verified with a clean audit, recording the package pin', async () => {
    // The clone's shared target directory only saves compiling vstd again; the crate, cassette and
    // recordings come from the installed package.
    const demo = await npx(['demo', '--target-dir', path.join(PROJECT_ROOT, 'rust-fixtures', 'target')], installed.projectDir);
    expect(demo.stderr).not.toMatch(/\n\s+at /);
    expect(demo.exitCode).toBe(0);
    const assets = path.join(installed.packageDir, 'demo');
    expect(demo.stdout).toContain(`REPLAY: model answers replayed from ${path.join(assets, 'model-cassette.jsonl')}; no model is contacted.`);
    expect(demo.stdout).toContain(`SYNTHETIC verifier: recorded outputs (synthetic) from ${path.join(assets, 'verifier-recordings.json')}; no Verus runs.`);
    expect(demo.stdout).toContain('VERIFIED');
    expect(demo.stdout).toContain('audit: passed');
    const repoDir = /The ledger is in (\S+) on branch/.exec(demo.stdout)?.[1] ?? '';
    const log = execFileSync('git', ['-C', repoDir, 'log', '--format=%B', 'verus-repair/demo-binary-search'], { encoding: 'utf8' });
    const shown = JSON.parse((await npx(['toolchain', 'show', '--json'], repoDir)).stdout) as { pinHash: string; source: string; file: string };
    expect(shown).toMatchObject({ source: 'package', file: path.join(installed.packageDir, 'verus-toolchain', 'pin.toml') });
    expect(log).toContain(`Toolchain-Pin: ${shown.pinHash}`);
  }, 240_000);

  it('init sets up a crate (idempotent), lock writes the user\'s pin and leaves the package\'s untouched, doctor reports ✗ then ✓', async () => {
    const repo = createTemporaryDirectory('user-repo');
    execFileSync('git', ['init', '-q', repo]);
    mkdirSync(path.join(repo, 'src'));
    writeFileSync(path.join(repo, 'Cargo.toml'), '[package]\nname = "mine"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "=0.0.0-2026-05-31-0205"\n\n[package.metadata.verus]\nverify = true\n');
    writeFileSync(path.join(repo, 'src', 'lib.rs'), 'use vstd::prelude::*;\nverus! {}\n');

    const first = await npx(['init'], repo);
    expect(first.exitCode).toBe(0);
    expect(first.stdout).toMatch(/created +verus-repair\.toml/);
    expect(first.stdout).toMatch(/created +verus-toolchain\/pin\.toml/);
    const again = await npx(['init'], repo);
    expect(again.exitCode).toBe(0);
    expect(again.stdout).toMatch(/left alone +verus-repair\.toml: it exists/);
    expect(again.stdout).toMatch(/left alone +verus-toolchain\/pin\.toml: it exists/);

    const packagePin = path.join(installed.packageDir, 'verus-toolchain', 'pin.toml');
    const packageBefore = readFileSync(packagePin, 'utf8');
    const zip = path.join(repo, 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505', '1.95.0'));
    const locked = await npx(['toolchain', 'lock', '--zip', zip], repo);
    expect(locked.exitCode).toBe(0);
    const sha256 = createHash('sha256').update(readFileSync(zip)).digest('hex');
    expect(readFileSync(path.join(repo, 'verus-toolchain', 'pin.toml'), 'utf8')).toContain(`sha256 = "${sha256}"`);
    expect(readFileSync(packagePin, 'utf8')).toBe(packageBefore);
    const shown = await npx(['toolchain', 'show'], repo);
    expect(shown.stdout).toContain(`pin file:    ${path.join(repo, 'verus-toolchain', 'pin.toml')}`);
    expect(shown.stdout).toContain("in force:    the repository's pin");

    // Point the model at the fake server and let the fakes see their scenario (synthetic verus --version).
    const config = path.join(repo, 'verus-repair.toml');
    writeFileSync(config, readFileSync(config, 'utf8')
      .replace('name = "gpt-4o-mini"', `name = "fake-model"\nbase_url = "${server.baseUrl}"`)
      .replace('[verifier]\n', `[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n`));
    const scenario = createTemporaryDirectory('scenario');
    writeFileSync(path.join(scenario, 'version.json'), JSON.stringify({ verus: { version: '0.2026.06.07.cd03505', toolchain: '1.95.0-x86_64-unknown-linux-gnu' } }));
    writeFileSync(path.join(scenario, 'scenario.json'), JSON.stringify({ origin: 'synthetic', invocations: [{ tool: 'verus', argv: ['--version', '--output-json'], stdout: 'version.json' }] }));

    const missing = await npx(['doctor', '--local'], repo, { ...baseEnvironment(), VERUS_REPAIR_FAKE_SCENARIO: scenario });
    expect(missing.exitCode).toBe(1);
    expect(missing.stdout).toMatch(/^✗ verus\s+verus is not on PATH$/m);
    expect(missing.stdout).toContain('fix: download https://github.com/verus-lang/verus/releases/download/release%2F0.2026.06.07.cd03505/');

    // doctor compares Verus's release with the pin; the fake says "fake" unless told which release to claim.
    const ready = await npx(['doctor', '--local'], repo, { ...baseEnvironment(), PATH: `${FAKE_BIN_DIR}${path.delimiter}${process.env['PATH'] ?? ''}`, VERUS_REPAIR_FAKE_SCENARIO: scenario, VERUS_REPAIR_FAKE_VERSION: '0.2026.06.07.cd03505' });
    expect(ready.stdout).not.toContain('✗');
    expect(ready.stdout).toMatch(/^✓ verus\s+.*0\.2026\.06\.07\.cd03505/m);
    expect(ready.stdout).toMatch(/^✓ model endpoint\s+.* lists "fake-model"$/m);
    expect(ready.exitCode).toBe(0);
    expect(ready.stdout + missing.stdout).not.toContain('decoy-secret-must-not-leak');
  }, 240_000);
});
