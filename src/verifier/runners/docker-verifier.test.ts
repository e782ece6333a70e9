import { existsSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV, isProcessAlive, readMarkerProcess } from '../../../test/fakes/fake-environment.js';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import type { VerificationOptions } from '../../core/verifier.js';
import { defaultVerifierConfig } from '../config/read-verifier-config.js';
import { hashToolchainPin } from '../toolchain/hash-toolchain-pin.js';
import { imageTagForPin } from '../toolchain/image-tag-for-pin.js';
import { PACKAGED_PIN_FILE } from '../toolchain/packaged-paths.js';
import { readToolchainPin } from '../toolchain/read-toolchain-pin.js';
import { DockerVerifier } from './docker-verifier.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const options: VerificationOptions = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 20_000, extraVerusArgs: [] };
const pin = readToolchainPin(readFileSync(PACKAGED_PIN_FILE, 'utf8'), PACKAGED_PIN_FILE);
const crateDir = createTemporaryCrate({ 'target/debug/junk.bin': 'not an input', 'notes.txt': 'not an input either' });
afterAll(() => rmSync(crateDir, { recursive: true, force: true }));

function verifierFor(scenario: string) {
  const fake = createFakeSetup(scenario);
  const config = { ...defaultVerifierConfig(crateDir), passEnv: FAKE_PASS_ENV };
  return { fake, verifier: new DockerVerifier({ config, pin, environment: fake.environment, runId: 'test1' }) };
}

function mountSource(argv: string[] | undefined): string {
  const list = argv ?? [];
  return (list[list.indexOf('-v') + 1] ?? '').split(':')[0] ?? '';
}

describe('DockerVerifier with a fake docker that enforces the sandbox policy', () => {
  it('verifies a crate in the pinned image and removes its temporary copy', async () => {
    const { fake, verifier } = verifierFor('run-docker-crate-verified');
    const result = await verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result).toMatchObject({ status: 'verified', toolchain: { verusVersion: 'fake', pinHash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
    // The origin names the image the container ran (a tag: no digest is known) and the version its output reported.
    expect(result.origin).toEqual({ kind: 'docker', image: verifier.image, digest: null, verusVersion: result.toolchain.verusVersion });
    const [run] = fake.readInvocations();
    expect(run?.argv).toContain(imageTagForPin(pin));
    expect(run?.argv).toContain('verus-repair-test1-1');
    expect(existsSync(mountSource(run?.argv))).toBe(false);
  });

  it('mounts a copy holding exactly the verification inputs', async () => {
    const { fake, verifier } = verifierFor('run-docker-crate-verified');
    await verifier.verify({ kind: 'crate', crateDir }, options);
    const [run] = fake.readInvocations();
    const source = mountSource(run?.argv);
    expect(source.startsWith(path.join(os.tmpdir(), 'verus-repair-crate-'))).toBe(true);
    expect(source.startsWith(crateDir)).toBe(false);
    expect(run?.mounted?.[source]?.sort()).toEqual(['Cargo.toml', 'src/lib.rs']);
  });

  it('on timeout kills the client, runs docker rm -f on the named container, and no process survives', async () => {
    const { fake, verifier } = verifierFor('run-docker-timeout');
    const result = await verifier.verify({ kind: 'crate', crateDir }, { ...options, timeoutMs: 800 });
    expect(result).toMatchObject({ status: 'timeout', timeoutMs: 800 });
    const invocations = fake.readInvocations();
    expect(invocations.map((entry) => entry.argv[0])).toEqual(['run', 'rm']);
    expect(invocations[1]?.argv).toEqual(['rm', '-f', 'verus-repair-test1-1']);
    const childPid = readMarkerProcess(`${fake.markerFile}.pid`);
    await sleep(1800);
    expect(existsSync(fake.markerFile)).toBe(false);
    expect(isProcessAlive(childPid)).toBe(false);
  });

  it('reports a missing image as a toolchain error naming the exact build command', async () => {
    const result = await verifierFor('run-docker-image-missing').verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result).toMatchObject({ status: 'toolchain-error', problem: 'image-missing' });
    if (result.status === 'toolchain-error') {
      expect(result.message).toContain(imageTagForPin(pin));
      expect(result.message).toContain('verus-repair toolchain build');
    }
  });

  it('reports an unreachable daemon (real docker client text) as docker-unreachable', async () => {
    const result = await verifierFor('run-docker-unreachable').verifier.verify({ kind: 'crate', crateDir }, options);
    expect(result).toMatchObject({ status: 'toolchain-error', problem: 'docker-unreachable', message: expect.stringContaining('--local') });
  });

  it('describes its toolchain by image tag and pin hash', async () => {
    const { verifier } = verifierFor('run-never-called');
    expect(await verifier.describeToolchain()).toBe(`docker;image=${imageTagForPin(pin)};pin=${hashToolchainPin(pin)}`);
  });
});
