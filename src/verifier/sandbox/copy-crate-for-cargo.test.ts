import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { copyCrateForCargo } from './copy-crate-for-cargo.js';

afterAll(removeTemporaryDirectories);

describe('copyCrateForCargo', () => {
  it('copies what cargo builds (tests/ included) with its modification times, the crate\'s lock as it was, and no .cargo configuration', async () => {
    const crateDir = createTemporaryCrate({ 'tests/it.rs': '#[test]\nfn t() {}\n', '.cargo/config.toml': '[alias]\nverus = ["run"]\n', 'Cargo.lock': 'version = 4\n' });
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(path.join(crateDir, 'src', 'lib.rs'), old, old);
    const copy = await copyCrateForCargo(crateDir);
    expect(readFileSync(path.join(copy.directory, 'tests', 'it.rs'), 'utf8')).toContain('fn t()');
    expect(statSync(path.join(copy.directory, 'src', 'lib.rs')).mtimeMs).toBe(old.getTime());
    expect(existsSync(path.join(copy.directory, '.cargo'))).toBe(false);
    expect(readFileSync(path.join(copy.directory, 'Cargo.lock'), 'utf8')).toBe('version = 4\n');
  });

  it('makes relative path dependencies absolute in the copy\'s manifest (its modification time kept), and leaves other manifests byte-identical', async () => {
    const crateDir = createTemporaryCrate();
    const manifest = path.join(crateDir, 'Cargo.toml');
    writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\n[dev-dependencies]\nhelper = { path = "../helper" }\n\n[target.'cfg(unix)'.dependencies]\nother = { path = "vendor/other", version = "0.1" }\n`);
    const old = new Date('2020-01-01T00:00:00Z');
    utimesSync(manifest, old, old);
    const copy = await copyCrateForCargo(crateDir);
    const copied = readFileSync(path.join(copy.directory, 'Cargo.toml'), 'utf8');
    expect(copied).toContain(`path = ${JSON.stringify(path.resolve(crateDir, '..', 'helper'))}`);
    expect(copied).toContain(`path = ${JSON.stringify(path.join(crateDir, 'vendor', 'other'))}`);
    expect(statSync(path.join(copy.directory, 'Cargo.toml')).mtimeMs).toBe(old.getTime());
    const plain = createTemporaryCrate();
    const plainCopy = await copyCrateForCargo(plain);
    expect(readFileSync(path.join(plainCopy.directory, 'Cargo.toml')).equals(readFileSync(path.join(plain, 'Cargo.toml')))).toBe(true);
  });

  it('resolves a workspace member\'s `workspace = true` keys from its root, so cargo reads the copy (real cargo metadata, offline)', async () => {
    const workspace = createTemporaryDirectory('copy-workspace');
    const crateDir = path.join(workspace, 'app');
    mkdirSync(path.join(crateDir, 'src'), { recursive: true });
    writeFileSync(path.join(workspace, 'Cargo.toml'), '[workspace]\nmembers = ["app"]\nresolver = "2"\n\n[workspace.package]\nversion = "3.1.4"\nedition = "2021"\n');
    writeFileSync(path.join(crateDir, 'Cargo.toml'), '[package]\nname = "app"\nversion.workspace = true\nedition.workspace = true\n');
    writeFileSync(path.join(crateDir, 'src', 'lib.rs'), '');
    const copy = await copyCrateForCargo(crateDir);
    const metadata = JSON.parse(execFileSync('cargo', ['metadata', '--offline', '--no-deps', '--format-version', '1', '--manifest-path', path.join(copy.directory, 'Cargo.toml')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] })) as { packages: Array<{ version: string; edition: string }> };
    expect(metadata.packages).toEqual([expect.objectContaining({ version: '3.1.4', edition: '2021' })]);
  });

  it('refuses when cargo would read a .cargo/config.toml above the temp directory (a shared /tmp), naming it', async () => {
    const shared = createTemporaryDirectory('shared-tmp');
    mkdirSync(path.join(shared, '.cargo'), { recursive: true });
    writeFileSync(path.join(shared, '.cargo', 'config.toml'), '[build]\nrustc-wrapper = "/tmp/evil"\n');
    mkdirSync(path.join(shared, 'tmp'));
    const crateDir = createTemporaryCrate();
    const saved = process.env['TMPDIR'];
    process.env['TMPDIR'] = path.join(shared, 'tmp');
    try {
      await expect(copyCrateForCargo(crateDir)).rejects.toThrow(`cargo would read ${path.join(shared, '.cargo', 'config.toml')} there; remove it, or set TMPDIR to a private directory`);
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
    }
  });
});
