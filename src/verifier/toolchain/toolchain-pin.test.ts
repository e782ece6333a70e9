import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../core/errors.js';
import { hashToolchainPin } from './hash-toolchain-pin.js';
import { imageTagForPin } from './image-tag-for-pin.js';
import { PACKAGED_PIN_FILE } from './packaged-paths.js';
import { planPinChanges } from './plan-pin-changes.js';
import { readToolchainPin } from './read-toolchain-pin.js';
import { describeToolchainPin, lockToolchainZip, pinToolchain } from './toolchain-operations.js';
import { updateToolchainPinText } from './update-toolchain-pin-text.js';
import { buildZip, verusReleaseFiles } from '../../../test/fakes/build-zip.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const shippedText = readFileSync(PACKAGED_PIN_FILE, 'utf8');

function copyOfShippedPin(): string {
  const file = path.join(createTemporaryDirectory('pin'), 'pin.toml');
  copyFileSync(PACKAGED_PIN_FILE, file);
  return file;
}

describe('the shipped pin', () => {
  it('pins release 0.2026.06.07.cd03505 with Rust 1.95.0, Z3 4.12.5, its vstd and a base image by digest', () => {
    const pin = readToolchainPin(shippedText, PACKAGED_PIN_FILE);
    expect(pin.verus.release).toBe('0.2026.06.07.cd03505');
    expect(pin.verus.url).toBe('https://github.com/verus-lang/verus/releases/download/release%2F0.2026.06.07.cd03505/verus-0.2026.06.07.cd03505-x86-linux.zip');
    expect(pin.rust.triple).toBe('1.95.0-x86_64-unknown-linux-gnu');
    expect(pin.z3.version).toBe('4.12.5');
    expect(pin.vstd.version).toBe('=0.0.0-2026-05-31-0205');
    expect(pin.image.base).toMatch(/^ubuntu:24\.04@sha256:[0-9a-f]{64}$/);
    expect(imageTagForPin(pin)).toBe(`verus-repair/verus:0.2026.06.07.cd03505-${hashToolchainPin(pin).slice(0, 12)}`);
  });
});

describe('readToolchainPin', () => {
  it('names the key, the expected form and an example for a bad value', () => {
    const broken = shippedText.replace('toolchain = "1.95.0"', 'toolchain = "stable"');
    expect(() => readToolchainPin(broken, 'pin.toml')).toThrow(/pin\.toml: rust\.toolchain: expected .*received "stable"\. Example: toolchain = "1\.95\.0"/);
  });

  it('rejects an asset or triple that does not follow the release or channel', () => {
    const mismatched = shippedText.replace('triple = "1.95.0-x86_64-unknown-linux-gnu"', 'triple = "1.94.0-x86_64-unknown-linux-gnu"');
    expect(() => readToolchainPin(mismatched, 'pin.toml')).toThrow(ConfigurationError);
    expect(() => readToolchainPin(mismatched, 'pin.toml')).toThrow(/rust\.triple: expected "1\.95\.0-x86_64-unknown-linux-gnu"/);
  });

  it('rejects a base image without a digest', () => {
    const floating = shippedText.replace(/base = "[^"]+"/, 'base = "ubuntu:24.04"');
    expect(() => readToolchainPin(floating, 'pin.toml')).toThrow(/image\.base/);
  });
});

describe('pin hash and image tag', () => {
  const pin = readToolchainPin(shippedText, 'pin.toml');

  it('ignore comments and layout', () => {
    const reformatted = readToolchainPin(`# another comment\n${shippedText.replace(/^#.*$/gm, '')}`, 'pin.toml');
    expect(hashToolchainPin(reformatted)).toBe(hashToolchainPin(pin));
  });

  it('change whenever any value changes, so a stale image is never reused', () => {
    const changedValues = [
      shippedText.replace('version = "4.12.5"', 'version = "4.12.6"'),
      shippedText.replace('sha256 = ""', `sha256 = "${'a'.repeat(64)}"`),
      shippedText.replace('version = "=0.0.0-2026-05-31-0205"', 'version = "=0.0.0-2026-06-07-0101"'),
    ];
    const tags = new Set([imageTagForPin(pin), ...changedValues.map((text) => imageTagForPin(readToolchainPin(text, 'pin.toml')))]);
    expect(tags.size).toBe(4);
  });
});

describe('changing the pin', () => {
  it('plans the derived values of a new release and clears its sha256', () => {
    expect(planPinChanges({ release: '0.2026.07.18.3a4d30b', rust: '1.96.0', vstd: '0.0.0-2026-07-12-0130' })).toEqual([
      { table: 'verus', key: 'release', value: '0.2026.07.18.3a4d30b' },
      { table: 'verus', key: 'asset', value: 'verus-0.2026.07.18.3a4d30b-x86-linux.zip' },
      { table: 'verus', key: 'url', value: 'https://github.com/verus-lang/verus/releases/download/release%2F0.2026.07.18.3a4d30b/verus-0.2026.07.18.3a4d30b-x86-linux.zip' },
      { table: 'verus', key: 'sha256', value: '' },
      { table: 'rust', key: 'toolchain', value: '1.96.0' },
      { table: 'rust', key: 'triple', value: '1.96.0-x86_64-unknown-linux-gnu' },
      { table: 'vstd', key: 'version', value: '=0.0.0-2026-07-12-0130' },
    ]);
    expect(() => planPinChanges({})).toThrow(ConfigurationError);
  });

  it('edits values in place and keeps every comment', () => {
    const edited = updateToolchainPinText(shippedText, [{ table: 'z3', key: 'version', value: '4.13.0' }], 'pin.toml');
    expect(edited.split('\n').length).toBe(shippedText.split('\n').length);
    expect(edited).toContain('version = "4.13.0"');
    expect(edited.match(/^#.*$/gm)).toEqual(shippedText.match(/^#.*$/gm));
    expect(() => updateToolchainPinText(shippedText, [{ table: 'z3', key: 'flavour', value: 'x' }], 'pin.toml')).toThrow(/z3\.flavour/);
  });

  it('toolchain pin rewrites the file and the image tag changes with it', async () => {
    const file = copyOfShippedPin();
    const { before, after } = await pinToolchain(file, { release: '0.2026.07.18.3a4d30b', rust: '1.96.0', vstd: '0.0.0-2026-07-12-0130', z3: '4.12.5' });
    expect(after.imageTag).not.toBe(before.imageTag);
    expect(after.imageTag.startsWith('verus-repair/verus:0.2026.07.18.3a4d30b-')).toBe(true);
    expect((await describeToolchainPin(file)).pin.rust.triple).toBe('1.96.0-x86_64-unknown-linux-gnu');
  });

  it('toolchain lock records the sha256 of the zip file', async () => {
    const file = copyOfShippedPin();
    const zip = path.join(path.dirname(file), 'verus-0.2026.06.07.cd03505-x86-linux.zip');
    buildZip(zip, verusReleaseFiles('0.2026.06.07.cd03505'));
    const bytes = readFileSync(zip);
    const locked = await lockToolchainZip(file, zip);
    const expected = createHash('sha256').update(bytes).digest('hex');
    expect(locked.sha256).toBe(expected);
    expect(locked.warnings).toEqual([]);
    expect(readFileSync(file, 'utf8')).toContain(`sha256 = "${expected}"`);
    expect((await describeToolchainPin(file)).pin.verus.sha256).toBe(expected);
  });

  it('toolchain lock warns about a zip with another name and fails clearly on a missing one', async () => {
    const file = copyOfShippedPin();
    const other = path.join(path.dirname(file), 'download.zip');
    buildZip(other, verusReleaseFiles('0.2026.06.07.cd03505'));
    expect((await lockToolchainZip(file, other)).warnings[0]).toContain('is not named verus-0.2026.06.07.cd03505-x86-linux.zip');
    await expect(lockToolchainZip(file, path.join(path.dirname(file), 'missing.zip'))).rejects.toThrow(/cannot read .*missing\.zip/);
  });
});
