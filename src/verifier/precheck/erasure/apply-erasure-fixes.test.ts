import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { VERIFYING_LIB_RS } from '../../../../test/fakes/temporary-crate.js';
import { applyErasureFixes } from './apply-erasure-fixes.js';

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..', '..', 'rust-fixtures', 'erasure');
const MANIFEST = '[package]\nname = "demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "=0.0.0-2026-05-31-0205"\n';
const crate = (lib: string) => new Map([['Cargo.toml', Buffer.from(MANIFEST)], ['src/lib.rs', Buffer.from(lib)]]);
const text = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? new Uint8Array()).toString('utf8');

describe('applyErasureFixes (the file map check-spec and the pre-check share)', () => {
  it('returns a crate that needs no fix unchanged, with no fixes', async () => {
    const fixed = await applyErasureFixes(crate(VERIFYING_LIB_RS));
    expect(fixed).toMatchObject({ fixes: [], changed: [] });
    expect(text(fixed.files.get('src/lib.rs'))).toBe(VERIFYING_LIB_RS);
  });

  it('blanks Verus-only attributes in place, keeping every line and byte offset', async () => {
    const source = readFileSync(path.join(FIXTURES, 'fix-loop-attribute.rs'), 'utf8');
    const fixed = await applyErasureFixes(crate(source));
    const after = text(fixed.files.get('src/lib.rs'));
    expect(after).not.toContain('verifier::loop_isolation');
    expect(after.length).toBe(source.length);
    expect(after.split('\n').length).toBe(source.split('\n').length);
    expect(fixed.fixes).toEqual([expect.objectContaining({ kind: 'strip-verifier-attribute', file: 'src/lib.rs', line: 9 })]);
  });

  it('adds a named companion crate at vstd\'s own version, read from vstd\'s manifest in the registry', async () => {
    const fixed = await applyErasureFixes(crate(readFileSync(path.join(FIXTURES, 'fix-companion-crate.rs'), 'utf8')));
    const manifest = text(fixed.files.get('Cargo.toml'));
    const vstdManifest = readFileSync(path.join(process.env['CARGO_HOME'] ?? path.join(process.env['HOME'] ?? '', '.cargo'), 'registry', 'src', 'index.crates.io-1949cf8c6b5b557f', 'vstd-0.0.0-2026-05-31-0205', 'Cargo.toml'), 'utf8');
    const required = /\[dependencies\.verus_builtin_macros\]\nversion = "([^"]+)"/.exec(vstdManifest)?.[1];
    expect(manifest).toContain(`verus_builtin_macros = "${required}"`);
    expect(fixed.changed).toEqual(['Cargo.toml']);
  });
});
