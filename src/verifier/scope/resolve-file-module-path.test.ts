import { describe, expect, it } from 'vitest';
import { resolveFileModulePath } from './resolve-file-module-path.js';

const crate = (files: Record<string, string>) => new Map(Object.entries(files).map(([name, text]) => [name, new TextEncoder().encode(text)]));

describe('resolveFileModulePath', () => {
  it('maps the crate root and declared file modules (name.rs and name/mod.rs) to module paths', () => {
    const files = crate({ 'src/lib.rs': 'pub mod a;\nmod r#b;\n', 'src/a/mod.rs': 'pub mod c;\n', 'src/a/c.rs': '', 'src/b.rs': '' });
    expect(resolveFileModulePath(files, 'src/lib.rs')).toEqual({ kind: 'module', segments: [] });
    expect(resolveFileModulePath(files, 'src/a/mod.rs')).toEqual({ kind: 'module', segments: ['a'] });
    expect(resolveFileModulePath(files, 'src/a/c.rs')).toEqual({ kind: 'module', segments: ['a', 'c'] });
    expect(resolveFileModulePath(files, 'src/b.rs')).toEqual({ kind: 'module', segments: ['b'] });
  });

  it('refuses to guess: undeclared files, a binary beside a library, src/bin, #[path]', () => {
    expect(resolveFileModulePath(crate({ 'src/lib.rs': '', 'src/orphan.rs': '' }), 'src/orphan.rs')).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('mod orphan;') });
    expect(resolveFileModulePath(crate({ 'src/lib.rs': '', 'src/main.rs': '' }), 'src/main.rs')).toMatchObject({ kind: 'unknown' });
    expect(resolveFileModulePath(crate({ 'src/main.rs': '' }), 'src/main.rs')).toEqual({ kind: 'module', segments: [] });
    expect(resolveFileModulePath(crate({ 'src/lib.rs': '', 'src/bin/tool.rs': '' }), 'src/bin/tool.rs')).toMatchObject({ kind: 'unknown' });
    expect(resolveFileModulePath(crate({ 'src/lib.rs': '#[path = "x.rs"] mod y;\nmod z;', 'src/z.rs': '' }), 'src/z.rs')).toMatchObject({ kind: 'unknown', reason: expect.stringContaining('#[path]') });
  });
});
