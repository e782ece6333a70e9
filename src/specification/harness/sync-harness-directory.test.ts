import { existsSync, linkSync, lstatSync, mkdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../../../test/fakes/temporary-directory.js';
import { syncHarnessDirectory } from './sync-harness-directory.js';

afterAll(() => removeTemporaryDirectories());

const encode = (text: string) => new TextEncoder().encode(text);
const files = (entries: Record<string, string>) => new Map(Object.entries(entries).map(([name, text]) => [name, encode(text)]));
const PAST = new Date('2020-01-01T00:00:00Z');

describe('syncHarnessDirectory', () => {
  it('writes only files whose content changed (the others keep their mtime), and removes what the new crate lacks', async () => {
    const directory = createTemporaryDirectory('harness-sync');
    await syncHarnessDirectory(files({ 'Cargo.toml': '[package]\n', 'src/lib.rs': 'pub fn a() {}\n', 'src/old/mod.rs': '' }), directory);
    for (const file of ['Cargo.toml', 'src/lib.rs']) utimesSync(path.join(directory, file), PAST, PAST);
    const synced = await syncHarnessDirectory(files({ 'Cargo.toml': '[package]\n', 'src/lib.rs': 'pub fn b() {}\n', 'src/bin/main.rs': 'fn main() {}\n' }), directory, ['target']);
    expect(synced).toEqual({ written: ['src/bin/main.rs', 'src/lib.rs'], removed: ['src/old'] });
    expect(lstatSync(path.join(directory, 'Cargo.toml')).mtime).toEqual(PAST);
    expect(lstatSync(path.join(directory, 'src/lib.rs')).mtime.getTime()).toBeGreaterThan(PAST.getTime());
    expect(readFileSync(path.join(directory, 'src/lib.rs'), 'utf8')).toBe('pub fn b() {}\n');
  });

  it('keeps the entries it is told to keep, and removes a symlink in its place', async () => {
    const directory = createTemporaryDirectory('harness-sync-keep');
    writeFileTree(directory, { 'target/debug/x': '', '.verus-repair-harness': '' });
    await syncHarnessDirectory(files({ 'Cargo.toml': '' }), directory, ['target']);
    expect(existsSync(path.join(directory, 'target/debug/x'))).toBe(true);
    expect(existsSync(path.join(directory, '.verus-repair-harness'))).toBe(false);
  });

  it('treats what a sandboxed build left as untrusted: symlinks are removed, not written through, and hard-linked files replaced', async () => {
    const directory = createTemporaryDirectory('harness-sync-untrusted');
    const outside = createTemporaryDirectory('harness-sync-outside');
    writeFileSync(path.join(outside, 'victim.rs'), 'outside\n');
    mkdirSync(path.join(outside, 'src'));
    // A file symlinked to one outside, a directory symlinked to one outside, and a hard link to an outside file of the same content.
    symlinkSync(path.join(outside, 'victim.rs'), path.join(directory, 'Cargo.toml'));
    symlinkSync(path.join(outside, 'src'), path.join(directory, 'src'));
    linkSync(path.join(outside, 'victim.rs'), path.join(directory, 'README.md'));
    const synced = await syncHarnessDirectory(files({ 'Cargo.toml': '[package]\n', 'src/lib.rs': 'pub fn a() {}\n', 'README.md': 'outside\n' }), directory);
    expect(synced.removed.sort()).toEqual(['Cargo.toml', 'src']);
    expect(synced.written).toEqual(['Cargo.toml', 'README.md', 'src/lib.rs']);
    expect(readFileSync(path.join(outside, 'victim.rs'), 'utf8')).toBe('outside\n');
    expect(existsSync(path.join(outside, 'src', 'lib.rs'))).toBe(false);
    expect(lstatSync(path.join(directory, 'src')).isDirectory()).toBe(true);
    expect(lstatSync(path.join(directory, 'README.md')).nlink).toBe(1);
  });
});
