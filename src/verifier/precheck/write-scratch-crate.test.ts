import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { isolateScratchPackage } from './isolate-scratch-package.js';
import { writeScratchCrate } from './write-scratch-crate.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('writeScratchCrate', () => {
  it('keeps a relative path dependency naming the user\'s sibling crate, so cargo resolves the copy', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-'));
    const helper = path.join(root, 'workspace', 'helper');
    const crate = path.join(root, 'workspace', 'app');
    await mkdir(path.join(helper, 'src'), { recursive: true });
    await writeFile(path.join(helper, 'Cargo.toml'), '[package]\nname = "helper"\nversion = "0.1.0"\nedition = "2021"\n');
    await writeFile(path.join(helper, 'src', 'lib.rs'), 'pub fn one() -> u32 { 1 }\n');
    const files = new Map([
      ['Cargo.toml', utf8('[package]\nname = "app"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nhelper = { path = "../helper" }\n')],
      ['src/lib.rs', utf8('pub fn two() -> u32 { helper::one() + 1 }\n')],
    ]);
    const scratch = path.join(root, 'elsewhere', 'copy');
    await mkdir(scratch, { recursive: true });

    await writeScratchCrate(files, crate, scratch);

    const manifest = await readFile(path.join(scratch, 'Cargo.toml'), 'utf8');
    expect(manifest).toContain(`path = "${helper}"`);
    expect(manifest).not.toContain('"../helper"');
    // cargo itself finds the dependency from the copy (no network: a path dependency only).
    const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--offline', '--format-version', '1', '--manifest-path', path.join(scratch, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { packages: Array<{ name: string }> };
    expect(metadata.packages.map((pkg) => pkg.name).sort()).toEqual(expect.arrayContaining(['helper']));
  });

  it('leaves a manifest without path dependencies byte for byte as isolated', async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'write-scratch-crate-'));
    const files = new Map([['Cargo.toml', utf8('[package]\nname = "solo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nserde = "1"\n')], ['src/lib.rs', utf8('')]]);
    await writeScratchCrate(files, path.join(root, 'solo'), root);
    expect(await readFile(path.join(root, 'Cargo.toml'))).toEqual(Buffer.from(isolateScratchPackage(files).get('Cargo.toml')!));
  });
});
