/** The module a crate file defines, as Verus module selectors name it, or why it cannot be told. */
export type FileModulePath = { kind: 'module'; segments: string[] } | { kind: 'unknown'; reason: string };

/**
 * `src/lib.rs` is the crate root, `src/a/b.rs` and `src/a/b/mod.rs` are module `a::b`, provided
 * each parent declares the child with `mod b;`. Anything the convention cannot settle is
 * `unknown`: a `#[path]` attribute anywhere in the crate, a binary beside a library, `src/bin/`.
 */
export function resolveFileModulePath(files: ReadonlyMap<string, Uint8Array>, file: string): FileModulePath {
  const text = (name: string): string | null => {
    const bytes = files.get(name);
    return bytes === undefined ? null : new TextDecoder().decode(bytes);
  };
  const rustFiles = [...files.keys()].filter((name) => name.endsWith('.rs'));
  const withPath = rustFiles.find((name) => /#\s*\[\s*path\s*=/.test(text(name) ?? ''));
  if (withPath !== undefined) return unknown(`${withPath} uses #[path], so file names do not tell module paths`);
  if (!file.startsWith('src/') || !file.endsWith('.rs')) return unknown(`${file} is not under src/`);
  if (file === 'src/lib.rs') return { kind: 'module', segments: [] };
  if (file === 'src/main.rs') return files.has('src/lib.rs') ? unknown('src/main.rs is a binary beside src/lib.rs') : { kind: 'module', segments: [] };
  if (file.startsWith('src/bin/')) return unknown(`${file} is a binary target`);
  const parts = file.slice('src/'.length, -'.rs'.length).split('/');
  if (parts[parts.length - 1] === 'mod') parts.pop();
  if (parts.length === 0 || parts.some((part) => !/^[A-Za-z_][A-Za-z0-9_]*$/.test(part))) return unknown(`${file} does not name a module`);
  const root = files.has('src/lib.rs') ? 'src/lib.rs' : 'src/main.rs';
  for (let depth = 0; depth < parts.length; depth++) {
    const parentDir = parts.slice(0, depth).join('/');
    const parents = depth === 0 ? [root] : [`src/${parentDir}.rs`, `src/${parentDir}/mod.rs`];
    const child = parts[depth] ?? '';
    const declared = parents.some((parent) => new RegExp(`\\bmod\\s+(r#)?${child}\\s*;`).test(text(parent) ?? ''));
    if (!declared) return unknown(`no parent of ${file} declares mod ${child};`);
  }
  return { kind: 'module', segments: parts };
}

function unknown(reason: string): FileModulePath {
  return { kind: 'unknown', reason };
}
