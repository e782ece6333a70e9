import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildZip, verusReleaseFiles } from '../../../test/fakes/build-zip.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { ConfigurationError } from '../../core/errors.js';
import { PACKAGED_PIN_FILE } from './packaged-paths.js';
import { lockToolchainZip } from './toolchain-operations.js';

afterAll(removeTemporaryDirectories);

const RELEASE = '0.2026.06.07.cd03505';
const ASSET = `verus-${RELEASE}-x86-linux.zip`;

function setup(): { pin: string; zip: string } {
  const directory = createTemporaryDirectory('lock-zip');
  const pin = path.join(directory, 'pin.toml');
  copyFileSync(PACKAGED_PIN_FILE, pin);
  return { pin, zip: path.join(directory, ASSET) };
}

async function lockError(pin: string, zip: string): Promise<Error> {
  const before = readFileSync(pin, 'utf8');
  const error = (await lockToolchainZip(pin, zip).catch((caught: unknown) => caught)) as Error;
  expect(error).toBeInstanceOf(ConfigurationError);
  expect(readFileSync(pin, 'utf8')).toBe(before);
  return error;
}

describe('toolchain lock checks the zip before recording its hash', () => {
  it('accepts a zip with the release layout and a version.json naming the pinned release', async () => {
    const { pin, zip } = setup();
    buildZip(zip, verusReleaseFiles(RELEASE));
    const locked = await lockToolchainZip(pin, zip);
    expect(readFileSync(pin, 'utf8')).toContain(`sha256 = "${locked.sha256}"`);
  });

  const zipTitle = 'accepts a release-shaped zip made by the zip program (deflated, with directory entries)';
  it.skipIf(!hasZipProgram())(hasZipProgram() ? zipTitle : `${zipTitle} [skipped: the zip program is not installed]`, async () => {
    const { pin, zip } = setup();
    const root = path.join(path.dirname(zip), 'tree');
    for (const file of verusReleaseFiles(RELEASE)) {
      if (file.name.endsWith('/')) mkdirSync(path.join(root, file.name), { recursive: true });
      else writeFileSync(path.join(root, file.name), file.content);
    }
    execFileSync('zip', ['-q', '-r', zip, 'verus-x86-linux'], { cwd: root });
    await expect(lockToolchainZip(pin, zip)).resolves.toMatchObject({ warnings: [] });
  });

  it('rejects an empty file and random bytes as not a zip archive', async () => {
    const { pin, zip } = setup();
    writeFileSync(zip, '');
    expect((await lockError(pin, zip)).message).toContain(`${zip} is not a zip archive (the file is empty)`);
    writeFileSync(zip, Buffer.from(Array.from({ length: 4096 }, (_, index) => (index * 7919 + 13) % 256)));
    expect((await lockError(pin, zip)).message).toContain(`${zip} is not a zip archive (no end-of-central-directory record)`);
    buildZip(zip, verusReleaseFiles(RELEASE));
    writeFileSync(zip, readFileSync(zip).subarray(200));
    expect((await lockError(pin, zip)).message).toContain(`${zip} is not a zip archive (a central directory outside the file)`);
  });

  it('the library refuses a device as a zip without reading it (issue 18, item 12)', async () => {
    const { pin } = setup();
    // Before: hashing /dev/zero never ended; the zip reader saw a size of 0 and called it empty.
    expect((await lockError(pin, '/dev/zero')).message).toMatch(/cannot read \/dev\/zero: \/dev\/zero is not a regular file \(a character device\)/);
    const { readZipDirectory } = await import('./read-zip-directory.js');
    expect(() => readZipDirectory('/dev/zero')).toThrow('not a regular file');
  }, 20_000);

  it('rejects a release built for another Rust toolchain than the pin says', async () => {
    const { pin, zip } = setup();
    buildZip(zip, verusReleaseFiles(RELEASE, '1.96.0'));
    expect((await lockError(pin, zip)).message).toContain('was built for Rust 1.96.0-x86_64-unknown-linux-gnu (its version.json says so), but the pin says 1.95.0-x86_64-unknown-linux-gnu');
  });

  it('rejects a zip without verus-x86-linux/verus or without version.json', async () => {
    const { pin, zip } = setup();
    buildZip(zip, verusReleaseFiles(RELEASE).filter((file) => file.name !== 'verus-x86-linux/verus'));
    expect((await lockError(pin, zip)).message).toContain('does not hold verus-x86-linux/verus');
    buildZip(zip, verusReleaseFiles(RELEASE).filter((file) => !file.name.endsWith('version.json')));
    expect((await lockError(pin, zip)).message).toContain('does not hold verus-x86-linux/version.json');
    buildZip(zip, [{ name: 'other/verus', content: 'x' }]);
    expect((await lockError(pin, zip)).message).toContain('does not hold verus-x86-linux/verus');
  });

  it('rejects a version.json that names another release or is not JSON', async () => {
    const { pin, zip } = setup();
    buildZip(zip, verusReleaseFiles('0.2026.07.18.3a4d30b'));
    expect((await lockError(pin, zip)).message).toContain(`${zip} is release 0.2026.07.18.3a4d30b (its version.json says so), but the pin is for ${RELEASE}`);
    buildZip(zip, verusReleaseFiles(RELEASE).map((file) => (file.name.endsWith('version.json') ? { ...file, content: 'not json' } : file)));
    expect((await lockError(pin, zip)).message).toContain('holds a verus-x86-linux/version.json that is not JSON with verus.version');
  });
});

function hasZipProgram(): boolean {
  try {
    execFileSync('zip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
