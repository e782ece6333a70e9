import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../../test/fakes/fake-environment.js';
import { runCli } from '../../../test/fakes/run-cli.js';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { createProgressRenderer } from '../../repair/report/render-repair-progress.js';
import { hashToolchainPin } from './hash-toolchain-pin.js';
import { PACKAGED_PIN_FILE } from './packaged-paths.js';
import { readPinInForce, renderPinInForce } from './read-pin-in-force.js';
import { readToolchainPin } from './read-toolchain-pin.js';

afterAll(removeTemporaryDirectories);

const OWN_PIN = readFileSync(PACKAGED_PIN_FILE, 'utf8').replace('version = "4.12.5"', 'version = "4.12.6"');
const ownHash = hashToolchainPin(readToolchainPin(OWN_PIN, 'pin.toml'));

describe('the pin in force in headers', () => {
  it('verify names the repository pin with its hash, in text and in --json', async () => {
    const crateDir = createTemporaryCrate({ 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n\n[verifier.precheck]\nenabled = false\n` });
    mkdirSync(path.join(crateDir, '.git'));
    mkdirSync(path.join(crateDir, 'verus-toolchain'));
    const pinFile = path.join(crateDir, 'verus-toolchain', 'pin.toml');
    writeFileSync(pinFile, OWN_PIN);
    const fake = createFakeSetup('run-local-crate-verified');
    const text = await runCli(['verify', crateDir, '--no-cache'], fake.environment);
    expect(text.stdout.split('\n')[1]).toBe(`toolchain pin: ${ownHash} (${pinFile}, the repository's pin, zip not locked)`);
    const json = await runCli(['verify', crateDir, '--no-cache', '--json'], fake.environment);
    expect(JSON.parse(json.stdout)).toMatchObject({ toolchainPin: { file: pinFile, source: 'repository', sha256: ownHash, locked: false } });
  });

  it('the repair progress names the pin; an unreadable pin is said to be unreadable, not hidden', async () => {
    const written: string[] = [];
    const stream = { isTTY: false, write: (chunk: string) => written.push(chunk) } as unknown as NodeJS.WriteStream;
    const renderer = createProgressRenderer(stream);
    const pin = await readPinInForce({ file: PACKAGED_PIN_FILE, source: 'package' });
    renderer.sink({ type: 'run-started', runId: 'r', crate: '.', file: 'src/lib.rs', model: 'm', modelOrigin: { kind: 'endpoint', url: 'http://127.0.0.1:1/v1', recordingTo: null }, feedbackLevel: 'auto', samples: 1, iterations: 1, resumedFrom: 0, untrackedLeftOut: [], toolchainPin: pin });
    renderer.stop();
    expect(written.join('')).toContain(`  toolchain pin: ${pin.sha256} (${PACKAGED_PIN_FILE}, the package default; no verus-toolchain/pin.toml in the repository`);
    const broken = await readPinInForce({ file: '/nonexistent/pin.toml', source: 'config' });
    expect(broken).toMatchObject({ sha256: null, locked: false });
    expect(renderPinInForce(broken)).toMatch(/^toolchain pin: unreadable \(\/nonexistent\/pin\.toml, verifier\.pin_file in verus-repair\.toml\): cannot read the toolchain pin/);
  });
});
