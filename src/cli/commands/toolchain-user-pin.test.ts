import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../../test/fakes/fake-environment.js';
import { buildZip, verusReleaseFiles } from '../../../test/fakes/build-zip.js';
import { runCli } from '../../../test/fakes/run-cli.js';
import { PACKAGE_ROOT, PACKAGED_DOCKERFILE, PACKAGED_PIN_FILE } from '../../verifier/toolchain/packaged-paths.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

function repository(): string {
  const directory = createTemporaryDirectory('user-pin');
  mkdirSync(path.join(directory, '.git'));
  mkdirSync(path.join(directory, 'crate'));
  return directory;
}

const environment = createFakeSetup('run-never-called').environment;

describe('the toolchain pin in the user\'s repository', () => {
  it('show says the package default is in force when the repository has no pin, and the repository\'s once it has one', async () => {
    const repo = repository();
    const fallback = await runCli(['toolchain', 'show', '--json'], environment, path.join(repo, 'crate'));
    expect(fallback.exitCode).toBe(0);
    expect(JSON.parse(fallback.stdout)).toMatchObject({ file: PACKAGED_PIN_FILE, source: 'package' });
    const text = await runCli(['toolchain', 'show'], environment, repo);
    expect(text.stdout).toContain('in force:    the package default; no verus-toolchain/pin.toml in the repository');

    mkdirSync(path.join(repo, 'verus-toolchain'));
    writeFileSync(path.join(repo, 'verus-toolchain', 'pin.toml'), readFileSync(PACKAGED_PIN_FILE, 'utf8').replace('z3]\n# The Z3', 'z3]\n# Ours. The Z3').replace('version = "4.12.5"', 'version = "4.12.6"'));
    const own = await runCli(['toolchain', 'show', '--json'], environment, path.join(repo, 'crate'));
    expect(JSON.parse(own.stdout)).toMatchObject({ file: path.join(repo, 'verus-toolchain', 'pin.toml'), source: 'repository', pin: { z3: { version: '4.12.6' } } });
  });

  it('verifier.pin_file in verus-repair.toml wins over the repository pin', async () => {
    const repo = repository();
    mkdirSync(path.join(repo, 'pins'));
    writeFileSync(path.join(repo, 'pins', 'team.toml'), readFileSync(PACKAGED_PIN_FILE, 'utf8'));
    writeFileSync(path.join(repo, 'verus-repair.toml'), '[verifier]\npin_file = "pins/team.toml"\n');
    const shown = await runCli(['toolchain', 'show', '--json'], environment, repo);
    expect(JSON.parse(shown.stdout)).toMatchObject({ file: path.join(repo, 'pins', 'team.toml'), source: 'config' });
  });

  it('lock with no user pin creates verus-toolchain/pin.toml from the default, records the zip there, and leaves the package pin untouched', async () => {
    const repo = repository();
    const packaged = readFileSync(PACKAGED_PIN_FILE, 'utf8');
    const zip = path.join(repo, 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505', '1.95.0'));
    const locked = await runCli(['toolchain', 'lock', '--zip', zip], environment, path.join(repo, 'crate'));
    expect(locked.exitCode).toBe(0);
    const userPin = path.join(repo, 'verus-toolchain', 'pin.toml');
    expect(locked.stdout).toContain(`created ${userPin} from the package default`);
    const sha256 = createHash('sha256').update(readFileSync(zip)).digest('hex');
    expect(readFileSync(userPin, 'utf8')).toContain(`sha256 = "${sha256}"`);
    expect(readFileSync(PACKAGED_PIN_FILE, 'utf8')).toBe(packaged);
    const shown = await runCli(['toolchain', 'show', '--json'], environment, repo);
    expect(JSON.parse(shown.stdout)).toMatchObject({ source: 'repository', pin: { verus: { sha256 } } });

    const pinned = await runCli(['toolchain', 'pin', '--z3', '4.12.6'], environment, repo);
    expect(pinned.exitCode).toBe(0);
    expect(pinned.stdout).not.toContain('created');
    expect(readFileSync(userPin, 'utf8')).toContain('version = "4.12.6"');
    expect(readFileSync(PACKAGED_PIN_FILE, 'utf8')).toBe(packaged);
  });

  it('build runs the package\'s Dockerfile, in the package directory, with the repository\'s locked pin', async () => {
    const repo = repository();
    writeFileSync(path.join(repo, 'verus-repair.toml'), `[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n`);
    const zip = path.join(repo, 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505', '1.95.0'));
    const fake = createFakeSetup('run-toolchain-build');
    expect((await runCli(['toolchain', 'lock', '--zip', zip], fake.environment, repo)).exitCode).toBe(0);
    const built = await runCli(['toolchain', 'build'], fake.environment, path.join(repo, 'crate'));
    expect(built.exitCode).toBe(0);
    expect(built.stderr).toContain(`building with the package's Dockerfile and the pin ${path.join(repo, 'verus-toolchain', 'pin.toml')}`);
    const [invocation] = fake.readInvocations();
    const sha256 = createHash('sha256').update(readFileSync(zip)).digest('hex');
    expect(invocation?.argv.slice(0, 3)).toEqual(['build', '-f', PACKAGED_DOCKERFILE]);
    expect(invocation?.argv).toContain(`VERUS_SHA256=${sha256}`);
    expect(invocation?.argv.at(-1)).toBe(PACKAGE_ROOT);
  });

  it('refuses to change a pin inside node_modules, before touching it', async () => {
    const repo = repository();
    const inside = path.join(repo, 'node_modules', 'verus-repair', 'verus-toolchain', 'pin.toml');
    mkdirSync(path.dirname(inside), { recursive: true });
    writeFileSync(inside, readFileSync(PACKAGED_PIN_FILE, 'utf8'));
    const pinned = await runCli(['toolchain', 'pin', '--pin-file', inside, '--z3', '4.12.6'], environment, repo);
    expect(pinned.exitCode).toBe(2);
    expect(pinned.stderr).toMatch(/refusing to change a pin inside node_modules/);
    expect(pinned.stderr).not.toMatch(/\n\s+at /);
    expect(readFileSync(inside, 'utf8')).toBe(readFileSync(PACKAGED_PIN_FILE, 'utf8'));
    expect(existsSync(path.join(repo, 'verus-toolchain'))).toBe(false);
  });
});
