import path from 'node:path';
import { parse, stringify } from 'smol-toml';

type TomlTable = Record<string, unknown>;

const DEPENDENCY_TABLES = ['dependencies', 'dev-dependencies', 'dev_dependencies', 'build-dependencies', 'build_dependencies'];

/**
 * A crate's manifest for a copy of it elsewhere (pure): each relative `path = ".."` of a dependency
 * ([dependencies], [dev-dependencies], [build-dependencies], their underscore spellings and
 * `[target.*]` forms, and `[patch.*]`) made absolute against the crate's own directory, so
 * `foo = { path = "../foo" }` still names the user's sibling crate; `package.workspace` dropped (the
 * copy is its own workspace root). A path with a `base` is relative to that base, not to the crate,
 * so it is left to cargo. `manifest` is null when nothing needs rewriting (the copy keeps the bytes)
 * or the manifest does not parse (cargo then reports it in the copy, naming the position);
 * `pathDirectories` are the dependencies' directories (a sandbox binds them for reading).
 */
export function rewritePathDependencies(manifestText: string, crateDir: string): { manifest: string | null; pathDirectories: string[] } {
  let manifest: TomlTable;
  try {
    manifest = parse(manifestText) as TomlTable;
  } catch {
    return { manifest: null, pathDirectories: [] };
  }
  const { changed, pathDirectories } = rewritePathDependencyTables(manifest, crateDir);
  return { manifest: changed ? `${stringify(manifest)}\n` : null, pathDirectories };
}

/** rewritePathDependencies on a parsed manifest, in place: whether anything changed, and the dependencies' directories. */
export function rewritePathDependencyTables(manifest: TomlTable, crateDir: string): { changed: boolean; pathDirectories: string[] } {
  let changed = false;
  const pathDirectories: string[] = [];
  const rewriteTable = (dependencies: unknown): void => {
    for (const dependency of Object.values(table(dependencies) ?? {})) {
      const entry = table(dependency);
      const dependencyPath = entry?.['path'];
      if (entry === null || typeof dependencyPath !== 'string' || entry['base'] !== undefined) continue;
      pathDirectories.push(path.resolve(crateDir, dependencyPath));
      if (path.isAbsolute(dependencyPath)) continue;
      entry['path'] = path.resolve(crateDir, dependencyPath);
      changed = true;
    }
  };
  for (const name of DEPENDENCY_TABLES) rewriteTable(manifest[name]);
  for (const platform of Object.values(table(manifest['target']) ?? {})) for (const name of DEPENDENCY_TABLES) rewriteTable(table(platform)?.[name]);
  for (const source of Object.values(table(manifest['patch']) ?? {})) rewriteTable(source);
  const pkg = table(manifest['package']);
  if (pkg !== null && 'workspace' in pkg) {
    delete pkg['workspace'];
    changed = true;
  }
  return { changed, pathDirectories: [...new Set(pathDirectories)] };
}

function table(value: unknown): TomlTable | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TomlTable) : null;
}
