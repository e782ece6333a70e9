import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { rewritePathDependencies } from './rewrite-path-dependencies.js';

describe('rewritePathDependencies', () => {
  it('makes the paths of the underscore spellings absolute too (`dev_dependencies`, cargo\'s deprecated form before edition 2024)', () => {
    const rewritten = rewritePathDependencies('[package]\nname = "app"\n\n[dev_dependencies]\nhelper = { path = "../helper" }\n', '/ws/app');
    expect((parse(rewritten.manifest ?? '') as { dev_dependencies: unknown }).dev_dependencies).toEqual({ helper: { path: '/ws/helper' } });
    expect(rewritten.pathDirectories).toEqual(['/ws/helper']);
  });

  it('leaves a path with a `base` to cargo: it is relative to the base, not to the crate', () => {
    expect(rewritePathDependencies('[package]\nname = "app"\n\n[dependencies]\nhelper = { path = "helper", base = "vendored" }\n', '/ws/app').manifest).toBeNull();
  });
});
