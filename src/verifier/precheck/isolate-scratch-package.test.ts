import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { isolateScratchPackage } from './isolate-scratch-package.js';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
const crate = (manifest: string, extra: Record<string, string> = { 'src/lib.rs': 'pub fn f() {}\n' }) => new Map(Object.entries({ 'Cargo.toml': manifest, ...extra }).map(([file, text]) => [file, encode(text)]));
const manifestOf = (files: Map<string, Uint8Array>) => parse(new TextDecoder().decode(files.get('Cargo.toml'))) as Record<string, Record<string, unknown>>;
const PACKAGE = '[package]\nname = "binary-search"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "=0.0.0-2026-05-31-0205"\n';

describe('isolateScratchPackage', () => {
  it('gives each distinct copy its own package name and keeps the library\'s crate name', () => {
    const first = manifestOf(isolateScratchPackage(crate(PACKAGE)));
    const second = manifestOf(isolateScratchPackage(crate(PACKAGE, { 'src/lib.rs': 'pub fn g() {}\n' })));
    expect(first['package']?.['name']).toMatch(/^binary-search-variant-[0-9a-f]{12}$/);
    expect(second['package']?.['name']).toMatch(/^binary-search-variant-[0-9a-f]{12}$/);
    expect(second['package']?.['name']).not.toBe(first['package']?.['name']);
    expect(first['lib']).toEqual({ name: 'binary_search' });
    expect(first['dependencies']).toEqual({ vstd: '=0.0.0-2026-05-31-0205' });
  });

  it('names identical copies alike (sharing their build is then correct)', () => {
    expect(manifestOf(isolateScratchPackage(crate(PACKAGE)))['package']?.['name']).toBe(manifestOf(isolateScratchPackage(crate(PACKAGE)))['package']?.['name']);
  });

  it('renames a copy of a copy once (a re-proof repository holds a scratch copy)', () => {
    const copy = isolateScratchPackage(crate(PACKAGE));
    const name = manifestOf(isolateScratchPackage(copy.set('src/lib.rs', encode('pub fn h() {}\n'))))['package']?.['name'];
    expect(name).toMatch(/^binary-search-variant-[0-9a-f]{12}$/);
    expect(manifestOf(isolateScratchPackage(copy))['lib']).toEqual({ name: 'binary_search' });
  });

  it('keeps a [lib] name the crate chose, and src/main.rs\'s binary name', () => {
    const manifest = manifestOf(isolateScratchPackage(crate(`${PACKAGE}\n[lib]\nname = "search"\npath = "src/lib.rs"\n`, { 'src/lib.rs': '', 'src/main.rs': 'fn main() {}\n' })));
    expect(manifest['lib']).toEqual({ name: 'search', path: 'src/lib.rs' });
    expect(manifest['bin']).toEqual([{ name: 'binary-search', path: 'src/main.rs' }]);
  });

  it('points a [[bin]] named after the package at src/main.rs, which cargo finds by the package name only', () => {
    const manifest = manifestOf(isolateScratchPackage(crate(`${PACKAGE}\n[[bin]]\nname = "binary-search"\n`, { 'src/main.rs': 'fn main() {}\n' })));
    expect(manifest['bin']).toEqual([{ name: 'binary-search', path: 'src/main.rs' }]);
    expect(manifest['lib']).toBeUndefined();
  });

  it('leaves a manifest without a package, or one that is not TOML, to cargo', () => {
    const workspace = crate('[workspace]\nmembers = ["a"]\n');
    expect(isolateScratchPackage(workspace).get('Cargo.toml')).toEqual(workspace.get('Cargo.toml'));
    const broken = crate('[package\nname = "x"\n');
    expect(isolateScratchPackage(broken).get('Cargo.toml')).toEqual(broken.get('Cargo.toml'));
  });
});
