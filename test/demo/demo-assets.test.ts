import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoPaths } from '../../src/demo/demo-paths.js';
import { findPackageRoot } from '../../src/demo/find-package-root.js';

const root = findPackageRoot();
const paths = demoPaths(root);
const fixture = path.join(root, 'rust-fixtures', 'binary-search');

describe('the demo assets shipped in demo/', () => {
  it('are the binary-search fixture with its broken invariant, kept in step with rust-fixtures/ (npm run demo:record refreshes them)', () => {
    expect(readFileSync(paths.brokenSource, 'utf8')).toBe(readFileSync(path.join(fixture, 'broken', 'missing-sorted-invariant.rs'), 'utf8'));
    expect(readFileSync(path.join(paths.crate, 'Cargo.toml'), 'utf8')).toBe(readFileSync(path.join(fixture, 'Cargo.toml'), 'utf8'));
    expect(readFileSync(path.join(paths.crate, 'Cargo.lock'), 'utf8')).toMatch(/name = "vstd"\nversion = "0\.0\.0-2026-05-31-0205"/);
  });

  it('label the verifier outputs synthetic and are listed in the package files', () => {
    const recordings = JSON.parse(readFileSync(paths.verifierRecordings, 'utf8')) as { provenance: string };
    expect(recordings.provenance).toBe('synthetic');
    expect(readFileSync(path.join(paths.assets, 'README.md'), 'utf8')).toMatch(/\*\*synthetic\*\*/);
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { files: string[] };
    expect(manifest.files).toContain('demo');
    expect(paths.assets).not.toContain(`${path.sep}test${path.sep}`);
  });
});
