/** Prefixes of per-run temporary directories; the component after the prefix is a random name. */
const TEMPORARY_ROOTS = [
  /^(?:\/private)?\/var\/folders\/[^/]+\/[^/]+\/T\//,
  /^\/(?:var\/)?tmp\//,
  /^\/dev\/shm\//,
  /^[A-Za-z]:\\Users\\[^\\]+\\AppData\\Local\\Temp\\/,
];

/** Well-known install locations, replaced by a name so that paths agree across machines. */
const INSTALL_MARKERS: Array<[marker: string, placeholder: string]> = [
  ['/lib/rustlib/src/rust/', '<rust-src>/'],
  ['/.cargo/registry/src/', '<cargo-registry>/'],
  ['/.cargo/git/checkouts/', '<cargo-git>/'],
  ['/vstd/', '<vstd>/'],
];

/**
 * A machine-independent spelling of a path: relative to `root` when inside it, `<tmp>/...` for
 * temporary directories (their random first component dropped), `<vstd>/...` and friends for
 * toolchain files, `<abs>/<basename>` for any other absolute path. Relative paths are kept.
 */
export function normalizePath(file: string, root: string | null): string {
  const trimmedRoot = root === null ? null : root.replace(/[/\\]+$/, '');
  if (trimmedRoot !== null && trimmedRoot !== '') {
    if (file === trimmedRoot) return '.';
    if (file.startsWith(`${trimmedRoot}/`) || file.startsWith(`${trimmedRoot}\\`)) return file.slice(trimmedRoot.length + 1);
  }
  for (const pattern of TEMPORARY_ROOTS) {
    const match = pattern.exec(file);
    if (match === null) continue;
    const rest = file.slice(match[0].length);
    const separator = rest.search(/[/\\]/);
    return separator === -1 ? '<tmp>' : `<tmp>${rest.slice(separator).replace(/\\/g, '/')}`;
  }
  if (!file.startsWith('/') && !/^[A-Za-z]:[\\/]/.test(file)) return file.replace(/^\.\//, '');
  const unix = file.replace(/\\/g, '/');
  for (const [marker, placeholder] of INSTALL_MARKERS) {
    const index = unix.lastIndexOf(marker);
    if (index !== -1) return placeholder + unix.slice(index + marker.length);
  }
  return `<abs>/${unix.slice(unix.lastIndexOf('/') + 1)}`;
}
