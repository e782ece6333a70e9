import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createFakeSetup, FAKE_PASS_ENV } from '../../../test/fakes/fake-environment.js';
import { buildZip, verusReleaseFiles } from '../../../test/fakes/build-zip.js';
import { runCli, startCli } from '../../../test/fakes/run-cli.js';
import { PACKAGED_PIN_FILE } from '../../verifier/toolchain/packaged-paths.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

function pinCopy(): string {
  const file = path.join(createTemporaryDirectory('pin-cli'), 'pin.toml');
  copyFileSync(PACKAGED_PIN_FILE, file);
  return file;
}

function tagIn(output: string): string {
  return /image tag: +(\S+)/.exec(output)?.[1] ?? '';
}

describe('verus-repair toolchain (end to end)', () => {
  it('show prints the pin, its hash and the derived tag; pin and lock change the tag', async () => {
    const file = pinCopy();
    const environment = createFakeSetup('run-never-called').environment;
    const shown = await runCli(['toolchain', 'show', '--pin-file', file], environment);
    expect(shown.exitCode).toBe(0);
    expect(shown.stdout).toContain('rust:        1.95.0-x86_64-unknown-linux-gnu');
    const originalTag = tagIn(shown.stdout);
    expect(originalTag).toMatch(/^verus-repair\/verus:0\.2026\.06\.07\.cd03505-[0-9a-f]{12}$/);

    const pinned = await runCli(['toolchain', 'pin', '--pin-file', file, '--release', '0.2026.07.18.3a4d30b', '--rust', '1.96.0', '--vstd', '0.0.0-2026-07-12-0130', '--z3', '4.12.5'], environment);
    expect(pinned.exitCode).toBe(0);
    expect(pinned.stdout).toContain(`image tag: ${originalTag} -> verus-repair/verus:0.2026.07.18.3a4d30b-`);
    expect(pinned.stdout).toContain('verus-repair toolchain lock --zip verus-0.2026.07.18.3a4d30b-x86-linux.zip');

    const zip = path.join(path.dirname(file), 'verus-0.2026.07.18.3a4d30b-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.07.18.3a4d30b', '1.96.0'));
    const locked = await runCli(['toolchain', 'lock', '--pin-file', file, '--zip', zip], environment);
    expect(locked.exitCode).toBe(0);
    const expected = createHash('sha256').update(readFileSync(zip)).digest('hex');
    expect(locked.stdout).toContain(`sha256 ${expected} recorded in ${file}`);
    expect(readFileSync(file, 'utf8')).toContain(`sha256 = "${expected}"`);
    const pinnedTag = /-> (\S+)/.exec(pinned.stdout)?.[1];
    expect(pinnedTag).toMatch(/^verus-repair\/verus:0\.2026\.07\.18\.3a4d30b-[0-9a-f]{12}$/);
    expect(tagIn(locked.stdout)).not.toBe(pinnedTag);
  });

  it('lock refuses a file that is not the pinned release zip and leaves the pin unchanged', async () => {
    const file = pinCopy();
    const zip = path.join(path.dirname(file), 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    writeFileSync(zip, 'zip bytes');
    const before = readFileSync(file, 'utf8');
    const locked = await runCli(['toolchain', 'lock', '--pin-file', file, '--zip', zip], createFakeSetup('run-never-called').environment);
    expect(locked.exitCode).not.toBe(0);
    expect(locked.stderr).toContain(`${zip} is not a zip archive (no end-of-central-directory record)`);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('lock refuses a device and a FIFO as --zip at once, without reading them, and leaves the pin unchanged (issue 18, item 12)', async () => {
    const file = pinCopy();
    const fifo = path.join(path.dirname(file), 'verus.zip');
    execFileSync('mkfifo', [fifo]);
    const before = readFileSync(file, 'utf8');
    for (const zip of ['/dev/zero', fifo]) {
      // Before the fix both read forever (/dev/zero never ends, a FIFO without a writer never opens): kill after 20 s.
      const child = startCli(['toolchain', 'lock', '--pin-file', file, '--zip', zip], createFakeSetup('run-never-called').environment);
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const locked = await child;
      clearTimeout(timer);
      expect(locked.exitCode, `${zip}: ${String(locked.stderr)}`).toBe(2);
      expect(String(locked.stderr)).toContain(`--zip ${zip} is not a regular file`);
      expect(readFileSync(file, 'utf8')).toBe(before);
    }
  }, 60_000);

  it('lock and pin refuse a --pin-file inside a git directory, which they would rewrite (issue 18, item 5)', async () => {
    const repository = createTemporaryDirectory('pin-in-git');
    execFileSync('git', ['init', '-q', repository]);
    const file = path.join(repository, '.git', 'pin.toml');
    copyFileSync(PACKAGED_PIN_FILE, file);
    const before = readFileSync(file, 'utf8');
    const zip = path.join(repository, 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505'));
    const environment = createFakeSetup('run-never-called').environment;
    const locked = await runCli(['toolchain', 'lock', '--pin-file', file, '--zip', zip], environment);
    expect(locked.exitCode).toBe(2);
    expect(locked.stderr).toContain(`--pin-file ${file}: this is inside the git directory`);
    const pinned = await runCli(['toolchain', 'pin', '--pin-file', file, '--release', '0.2026.07.18.3a4d30b'], environment);
    expect(pinned.exitCode).toBe(2);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('build refuses an unlocked pin before running docker', async () => {
    const fake = createFakeSetup('run-toolchain-build');
    const result = await runCli(['toolchain', 'build', '--pin-file', pinCopy()], fake.environment);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('verus.sha256 is empty');
    expect(result.stderr).toContain('verus-repair toolchain lock --zip verus-0.2026.06.07.cd03505-x86-linux.zip');
    expect(fake.readInvocations()).toEqual([]);
  });

  it('build runs docker build with every build argument from the pin (checked by the fake docker)', async () => {
    const file = pinCopy();
    const zip = path.join(path.dirname(file), 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505'));
    const fake = createFakeSetup('run-toolchain-build');
    expect((await runCli(['toolchain', 'lock', '--pin-file', file, '--zip', zip], fake.environment)).exitCode).toBe(0);
    // verus-repair.toml in the working directory lets the fake's variables through to docker.
    const workingDirectory = createTemporaryDirectory('build-cwd');
    writeFileSync(path.join(workingDirectory, 'verus-repair.toml'), `[verifier]\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n`);
    const built = await runCli(['toolchain', 'build', '--pin-file', file], fake.environment, workingDirectory);
    expect(built.stderr).not.toContain('fake docker');
    expect(built.exitCode).toBe(0);
    expect(built.stdout).toMatch(/^built verus-repair\/verus:0\.2026\.06\.07\.cd03505-[0-9a-f]{12}$/m);
    expect(built.stderr).toContain('naming to docker.io/verus-repair/verus');
  });
});
