import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { PACKAGED_PIN_FILE } from '../src/verifier/toolchain/packaged-paths.js';
import { createFakeSetup, FAKE_PASS_ENV, isProcessAlive, readMarkerProcess, SCENARIO_ROOT } from './fakes/fake-environment.js';
import { startCli } from './fakes/run-cli.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

describe('verus-repair toolchain build: Ctrl-C', () => {
  it('stops the docker build process tree and exits 130, as verify and repair do', async () => {
    const directory = createTemporaryDirectory('toolchain-interrupt');
    const pinFile = path.join(directory, 'pin.toml');
    writeFileSync(pinFile, readFileSync(PACKAGED_PIN_FILE, 'utf8').replace(/^sha256 = ""$/m, `sha256 = "${'ab'.repeat(32)}"`));
    const scenarioDir = createTemporaryDirectory('scenario');
    const scenario = JSON.parse(readFileSync(path.join(SCENARIO_ROOT, 'run-toolchain-build', 'scenario.json'), 'utf8')) as { invocations: Array<Record<string, unknown>> };
    scenario.invocations = scenario.invocations.map(({ stdout: _stdout, stderr: _stderr, exitCode: _exitCode, ...invocation }) => ({ ...invocation, hang: true, spawnMarkerChildAfterMs: 1500 }));
    writeFileSync(path.join(scenarioDir, 'scenario.json'), JSON.stringify(scenario));
    writeFileSync(path.join(directory, 'verus-repair.toml'), `[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n`);
    const fake = createFakeSetup('run-toolchain-build');
    const child = startCli(['toolchain', 'build', '--pin-file', pinFile], { ...fake.environment, VERUS_REPAIR_FAKE_SCENARIO: scenarioDir }, directory);
    for (let attempt = 0; attempt < 300 && !existsSync(`${fake.markerFile}.pid`); attempt += 1) await sleep(100);
    const grandchild = readMarkerProcess(`${fake.markerFile}.pid`);
    child.kill('SIGINT');
    const result = await child;
    expect(result.exitCode).toBe(130);
    expect(String(result.stderr)).toContain('verus-repair: interrupted; docker build was stopped');
    await sleep(1800);
    expect(existsSync(fake.markerFile)).toBe(false);
    expect(isProcessAlive(grandchild)).toBe(false);
  }, 60_000);
});
