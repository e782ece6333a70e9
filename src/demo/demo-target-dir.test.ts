import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { demoTargetDir } from './demo-target-dir.js';
import { findPackageRoot } from './find-package-root.js';

describe('demoTargetDir', () => {
  it('shares rust-fixtures/target in a clone', () => {
    const root = findPackageRoot();
    expect(demoTargetDir(root, {})).toBe(path.join(root, 'rust-fixtures', 'target'));
  });

  it('uses the user cache in an installed package, never the package directory', () => {
    const installed = '/home/u/project/node_modules/verus-repair';
    expect(demoTargetDir(installed, { XDG_CACHE_HOME: '/cache' })).toBe('/cache/verus-repair/demo-target');
    expect(demoTargetDir(installed, { HOME: '/home/u' })).toBe('/home/u/.cache/verus-repair/demo-target');
  });
});
