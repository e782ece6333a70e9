/** `src/lib.rs` → [], `src/a.rs` and `src/a/mod.rs` → ['a'], `src/a/b.rs` → ['a', 'b']. */
export function modulePathOfFile(file: string): string[] {
  const segments = file.replace(/^src\//, '').replace(/\.rs$/, '').split('/');
  if (segments[segments.length - 1] === 'mod') segments.pop();
  if (segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main')) return [];
  return segments;
}
