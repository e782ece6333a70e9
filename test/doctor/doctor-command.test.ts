import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fake-openai-server.js';
import { createFakeSetup, FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { runCli } from '../fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { hashToolchainPin } from '../../src/verifier/toolchain/hash-toolchain-pin.js';
import { PACKAGED_PIN_FILE } from '../../src/verifier/toolchain/packaged-paths.js';
import { readToolchainPin } from '../../src/verifier/toolchain/read-toolchain-pin.js';
import { imageTagForPin } from '../../src/verifier/toolchain/image-tag-for-pin.js';

const LOCKED_PIN = readFileSync(PACKAGED_PIN_FILE, 'utf8').replace(/^sha256 = ""$/m, `sha256 = "${'ab'.repeat(32)}"`);
const pin = readToolchainPin(LOCKED_PIN, 'pin.toml');

let server: FakeOpenAiServer;
let silent: Server;
let silentPort: number;
beforeAll(async () => {
  server = await startFakeOpenAiServer({ models: ['fake-model', 'other-model'] });
  silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentPort = (silent.address() as AddressInfo).port;
});
afterAll(async () => {
  await server.close();
  silent.close();
  removeTemporaryDirectories();
});

/** A git repository with a locked pin of its own and a [model] pointing at `baseUrl`. Synthetic. */
function repository(baseUrl: string, extra = ''): string {
  const repo = createTemporaryDirectory('doctor');
  mkdirSync(path.join(repo, '.git'));
  mkdirSync(path.join(repo, 'verus-toolchain'));
  writeFileSync(path.join(repo, 'verus-toolchain', 'pin.toml'), LOCKED_PIN);
  // The fakes read their scenario from the environment; the verifier passes only what pass_env names.
  writeFileSync(path.join(repo, 'verus-repair.toml'), `[model]\nname = "fake-model"\nbase_url = "${baseUrl}"\n[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n${extra}`);
  return repo;
}

/** A scenario for the fake verus/cargo-verus/docker (synthetic): what `verus --version` and docker report. */
function scenario(options: { release?: string; label?: string; engine?: boolean }): string {
  const directory = createTemporaryDirectory('doctor-scenario');
  const release = options.release ?? pin.verus.release;
  writeFileSync(path.join(directory, 'version.json'), `${JSON.stringify({ verus: { profile: 'release', version: release, platform: { os: 'linux', arch: 'x86_64' }, toolchain: pin.rust.triple, commit: 'f'.repeat(40) } }, null, 2)}\n`);
  writeFileSync(path.join(directory, 'engine.txt'), '28.2.2\n');
  writeFileSync(path.join(directory, 'no-engine.txt'), 'Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?\n');
  writeFileSync(path.join(directory, 'label.txt'), `${options.label ?? hashToolchainPin(pin)}\n`);
  writeFileSync(path.join(directory, 'scenario.json'), JSON.stringify({
    origin: 'synthetic',
    invocations: [
      { tool: 'verus', argv: ['--version', '--output-json'], stdout: 'version.json' },
      options.engine === false
        ? { tool: 'docker', argv: ['version', '--format', '{{.Server.Version}}'], stderr: 'no-engine.txt', exitCode: 1 }
        : { tool: 'docker', argv: ['version', '--format', '{{.Server.Version}}'], stdout: 'engine.txt' },
      { tool: 'docker', argv: ['image', 'inspect', '--format', '{{index .Config.Labels "verus-repair.pin-hash"}}', imageTagForPin(pin)], stdout: 'label.txt' },
    ],
  }));
  return directory;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function environment(scenarioDir: string, withFakes: boolean): NodeJS.ProcessEnv {
  // doctor compares Verus's release with the pin, so the fake (which says "fake" by default) is told which one to claim.
  const release = (JSON.parse(readFileSync(path.join(scenarioDir, 'version.json'), 'utf8')) as { verus: { version: string } }).verus.version;
  return { ...createFakeSetup('run-never-called', { withFakes }).environment, VERUS_REPAIR_FAKE_SCENARIO: scenarioDir, VERUS_REPAIR_FAKE_VERSION: release };
}

function row(stdout: string, name: string): string {
  return stdout.split('\n').find((line) => new RegExp(`^. ${name.replace(/ /g, ' ')}\\s`).test(line)) ?? `(no ${name} row)`;
}

describe('verus-repair doctor', () => {
  it('--local with the fake verus and cargo-verus on PATH and the fake model server: every check passes, exit 0, the key is never printed', async () => {
    const repo = repository(server.baseUrl);
    const result = await runCli(['doctor', '--local'], environment(scenario({}), true), repo);
    expect(result.stdout).toContain('(runner: local)');
    for (const name of ['node', 'git', 'repository', 'cargo', 'rust toolchain', 'toolchain pin', 'verus', 'cargo-verus', 'model key', 'model endpoint']) {
      expect(row(result.stdout, name)).toMatch(/^✓/);
    }
    expect(row(result.stdout, 'verus')).toContain(`${pin.verus.release} (Rust ${pin.rust.triple})`);
    expect(row(result.stdout, 'model endpoint')).toContain('lists "fake-model"');
    expect(result.stdout).not.toContain('✗');
    expect(result.stdout).toContain('ready: a repair can run');
    expect(result.exitCode).toBe(0);
    expect(result.stdout + result.stderr).not.toContain('decoy-secret-must-not-leak');
    expect(server.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/models' });
  });

  it('--local without a verifier on PATH: ✗ for verus and cargo-verus with the download that fixes it, exit 1', async () => {
    const repo = repository(server.baseUrl);
    const result = await runCli(['doctor', '--local'], environment(scenario({}), false), repo);
    expect(result.exitCode).toBe(1);
    expect(row(result.stdout, 'verus')).toMatch(/^✗ verus\s+verus is not on PATH/);
    expect(row(result.stdout, 'cargo-verus')).toMatch(/^✗/);
    expect(result.stdout).toContain(`fix: download ${pin.verus.url}, unzip it and put verus-x86-linux/ on PATH`);
    expect(result.stdout).toContain('not ready: 2 check(s) failed');
  });

  it('--local with a Verus of another release: ✗ naming both releases and the commands that fix it', async () => {
    const repo = repository(server.baseUrl);
    const result = await runCli(['doctor', '--local', '--json'], environment(scenario({ release: '0.2026.07.18.3a4d30b' }), true), repo);
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout) as { ready: boolean; checks: Array<{ name: string; status: string; detail: string; fix: string | null }> };
    expect(report.ready).toBe(false);
    const verus = report.checks.find((check) => check.name === 'verus');
    expect(verus).toMatchObject({ status: 'fail', detail: expect.stringContaining(`is 0.2026.07.18.3a4d30b`) });
    expect(verus?.fix).toContain('npx verus-repair toolchain pin --release 0.2026.07.18.3a4d30b');
  });

  it('--docker: ✓ for a reachable engine and the image whose label is the pin hash; ✗ with `toolchain build` for a stale image, and for no engine', async () => {
    const repo = repository(server.baseUrl);
    const good = await runCli(['doctor', '--docker'], environment(scenario({}), true), repo);
    expect(row(good.stdout, 'docker engine')).toMatch(/^✓ docker engine\s+Docker Engine 28\.2\.2/);
    expect(row(good.stdout, 'docker image')).toMatch(/^✓ docker image\s+verus-repair\/verus:.*pin hash label matches/);
    expect(good.exitCode).toBe(0);

    const stale = await runCli(['doctor', '--docker'], environment(scenario({ label: 'c'.repeat(64) }), true), repo);
    expect(stale.exitCode).toBe(1);
    expect(row(stale.stdout, 'docker image')).toContain(`carries pin hash ${'c'.repeat(64)}`);
    expect(stale.stdout).toContain('fix: `npx verus-repair toolchain build`');

    const down = await runCli(['doctor', '--docker'], environment(scenario({ engine: false }), true), repo);
    expect(down.exitCode).toBe(1);
    expect(row(down.stdout, 'docker engine')).toContain('Cannot connect to the Docker daemon');
    expect(row(down.stdout, 'docker image')).toMatch(/^- docker image\s+not checked without an engine/);
  });

  it('an unreachable or silent endpoint is one clear ✗ line, no stack trace, within a few seconds', async () => {
    const refused = repository(`http://127.0.0.1:${await closedPort()}/v1`);
    let started = Date.now();
    const closed = await runCli(['doctor', '--local'], environment(scenario({}), true), refused);
    expect(closed.exitCode).toBe(1);
    expect(row(closed.stdout, 'model endpoint')).toMatch(/^✗ model endpoint\s+cannot reach http:\/\/127\.0\.0\.1:\d+\/v1: ECONNREFUSED$/);
    expect(closed.stdout).toContain('fix: start the server, or set [model] base_url');
    expect(Date.now() - started).toBeLessThan(8000);

    started = Date.now();
    // connect_timeout_seconds shortens the doctor's wait (at most 5 s otherwise).
    const silentRepo = repository(`http://127.0.0.1:${silentPort}/v1`);
    writeFileSync(path.join(silentRepo, 'verus-repair.toml'), readFileSync(path.join(silentRepo, 'verus-repair.toml'), 'utf8').replace('[verifier]', 'connect_timeout_seconds = 1\n[verifier]'));
    const stalled = await runCli(['doctor', '--local'], environment(scenario({}), true), silentRepo);
    expect(row(stalled.stdout, 'model endpoint')).toMatch(/cannot reach .*: no answer within 1 s$/);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(closed.stderr + stalled.stderr).not.toMatch(/\n\s+at /);
  });

  it('a model the server does not list is ✗ naming what it lists; a server without /models gets a note, not a failure', async () => {
    const repo = repository(server.baseUrl);
    writeFileSync(path.join(repo, 'verus-repair.toml'), readFileSync(path.join(repo, 'verus-repair.toml'), 'utf8').replace('"fake-model"', '"missing-model"'));
    const unlisted = await runCli(['doctor', '--local'], environment(scenario({}), true), repo);
    expect(row(unlisted.stdout, 'model endpoint')).toContain('does not list "missing-model" (it lists 2: fake-model, other-model)');

    const bare = await startFakeOpenAiServer();
    try {
      const result = await runCli(['doctor', '--local'], environment(scenario({}), true), repository(bare.baseUrl));
      expect(row(result.stdout, 'model endpoint')).toMatch(/^! model endpoint\s+.* answers, but not GET \/models \(HTTP 599\), so "fake-model" could not be checked/);
      expect(result.exitCode).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('checks Redis only when the queue is configured, naming host:port and the fix', async () => {
    const plain = await runCli(['doctor', '--local'], environment(scenario({}), true), repository(server.baseUrl));
    expect(plain.stdout).not.toMatch(/^. redis/m);
    const queued = await runCli(['doctor', '--local'], environment(scenario({}), true), repository(server.baseUrl, `[queue]\nurl = "redis://127.0.0.1:${await closedPort()}"\n`));
    expect(queued.exitCode).toBe(1);
    expect(row(queued.stdout, 'redis')).toMatch(/^✗ redis\s+cannot reach Redis at 127\.0\.0\.1:\d+ \(ECONNREFUSED/);
    expect(queued.stdout).toMatch(/fix: start Redis 6\.2\+ at 127\.0\.0\.1:\d+/);
  });

  it('says which pin is in force, and that an unlocked package default is not ready for Docker', async () => {
    const repo = createTemporaryDirectory('doctor-bare');
    mkdirSync(path.join(repo, '.git'));
    writeFileSync(path.join(repo, 'verus-repair.toml'), `[model]\nname = "fake-model"\nbase_url = "${server.baseUrl}"\n[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n`);
    const result = await runCli(['doctor', '--docker'], environment(scenario({}), true), repo);
    expect(row(result.stdout, 'toolchain pin')).toMatch(/^✗ toolchain pin\s+.*the package default.*not locked/);
    expect(result.stdout).toContain(`npx verus-repair toolchain lock --zip ${pin.verus.asset}`);
  });
});
