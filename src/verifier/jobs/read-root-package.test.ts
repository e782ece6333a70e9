import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readRootPackage } from './read-root-package.js';

const crateDir = mkdtempSync(path.join(os.tmpdir(), 'verus-repair-root-package-'));
afterAll(() => rmSync(crateDir, { recursive: true, force: true }));

describe('readRootPackage', () => {
  it('names the crate from its Cargo.toml and keeps the directory the process sees', async () => {
    writeFileSync(path.join(crateDir, 'Cargo.toml'), '[package]\nname = "runner_demo"\nversion = "0.1.0"\n');
    expect(await readRootPackage({ kind: 'crate', crateDir }, '/work/build')).toEqual({ name: 'runner_demo', directory: '/work/build' });
  });

  it('keeps only the directory when the manifest cannot be read, and is null for single files', async () => {
    writeFileSync(path.join(crateDir, 'Cargo.toml'), '[package\n');
    expect(await readRootPackage({ kind: 'module', crateDir, module: null }, crateDir)).toEqual({ name: null, directory: crateDir });
    expect(await readRootPackage({ kind: 'file', filePath: path.join(crateDir, 'lib.rs') }, crateDir)).toBeNull();
  });
});
