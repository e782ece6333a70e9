import { access, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { ConfigurationError } from '../../core/errors.js';

type TomlTable = Record<string, unknown>;

/** The workspace root a member's `workspace = true` keys, profiles, patches and resolver come from. */
export interface WorkspaceRoot {
  /** The root's Cargo.toml (absolute); it may be the member's own manifest. */
  manifestPath: string;
  manifest: TomlTable;
  /** The README cargo takes for an unset `workspace.package.readme`, relative to the root, or null (C util/toml/mod.rs:831-859, cargo 0.96.0). */
  defaultReadme: string | null;
}

/**
 * The workspace root of the package whose manifest is `manifestPath` (already parsed as `member`),
 * found as cargo finds it to resolve inheritance (C src/cargo/util/toml/mod.rs:962-987
 * load_inheritable_fields, cargo 0.96.0): the member itself when it has `[workspace]`; the manifest
 * `package.workspace` points to (read_root_pointer, C core/workspace.rs:2416-2424); else the nearest
 * ancestor Cargo.toml, starting above the package's directory, that has `[workspace]` and does not
 * exclude the member, or whose own `package.workspace` points on (get_ws_root 191-210, is_excluded
 * 2169-2183, find_workspace_root_with_loader 2387-2414). The walk stops at a `target/package`
 * directory and does not leave CARGO_HOME (find_root_iter 2426-2446). Cargo checks only exclusion
 * here; that the root also lists the member is its later workspace validation, which fails the
 * user's own build just the same. Null when there is none (a standalone crate).
 */
export async function findWorkspaceRoot(manifestPath: string, member: TomlTable, environment: NodeJS.ProcessEnv = process.env): Promise<WorkspaceRoot | null> {
  const pointer = table(member['package'])?.['workspace'];
  if (table(member['workspace']) !== null) {
    if (pointer !== undefined) throw new ConfigurationError(`${manifestPath}: cannot configure both \`package.workspace\` and \`[workspace]\`, only one can be specified (cargo refuses it too)`);
    return withDefaultReadme(manifestPath, member);
  }
  if (typeof pointer === 'string') return readPointedRoot(manifestPath, pointer);
  const cargoHome = path.resolve(environment['CARGO_HOME'] ?? path.join(environment['HOME'] ?? os.homedir(), '.cargo'));
  let previous: string | null = null;
  for (let directory = path.dirname(path.dirname(manifestPath)); ; directory = path.dirname(directory)) {
    if (directory.split(path.sep).slice(-2).join('/') === 'target/package' || previous === cargoHome) return null;
    const candidate = path.join(directory, 'Cargo.toml');
    if (await exists(candidate)) {
      const manifest = await readManifest(candidate);
      const workspace = table(manifest['workspace']);
      if (workspace !== null && !isExcluded(workspace, directory, manifestPath)) return withDefaultReadme(candidate, manifest);
      const ancestorPointer = table(manifest['package'])?.['workspace'];
      if (workspace === null && typeof ancestorPointer === 'string') return readPointedRoot(candidate, ancestorPointer);
    }
    if (path.dirname(directory) === directory) return null;
    previous = directory;
  }
}

/** C core/workspace.rs:2169-2183: under an `exclude` entry and under no `members` entry (path prefixes, not globs). */
function isExcluded(workspace: TomlTable, rootDir: string, manifestPath: string): boolean {
  const under = (entries: unknown) => (Array.isArray(entries) ? entries : []).some((entry) => typeof entry === 'string' && isWithin(manifestPath, path.resolve(rootDir, entry)));
  return !under(workspace['members']) && under(workspace['exclude']);
}

function isWithin(file: string, directory: string): boolean {
  const relative = path.relative(directory, file);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/** C util/toml/mod.rs:989-1014 inheritable_from_path: the manifest pointed to must be a workspace root. */
async function readPointedRoot(fromManifest: string, pointer: string): Promise<WorkspaceRoot> {
  const rootManifest = path.resolve(path.dirname(fromManifest), pointer, 'Cargo.toml');
  if (!(await exists(rootManifest))) throw new ConfigurationError(`${fromManifest}: \`package.workspace = ${JSON.stringify(pointer)}\` names ${rootManifest}, which does not exist`);
  const manifest = await readManifest(rootManifest);
  if (table(manifest['workspace']) === null) throw new ConfigurationError(`${fromManifest}: \`package.workspace = ${JSON.stringify(pointer)}\` names ${rootManifest}, which has no [workspace] (cargo: root of a workspace inferred but wasn't a root)`);
  return withDefaultReadme(rootManifest, manifest);
}

/** C util/toml/mod.rs:849-859 default_readme_from_package_root. */
async function withDefaultReadme(manifestPath: string, manifest: TomlTable): Promise<WorkspaceRoot> {
  for (const name of ['README.md', 'README.txt', 'README']) {
    const isFile = await stat(path.join(path.dirname(manifestPath), name)).then((found) => found.isFile(), () => false);
    if (isFile) return { manifestPath, manifest, defaultReadme: name };
  }
  return { manifestPath, manifest, defaultReadme: null };
}

async function readManifest(file: string): Promise<TomlTable> {
  const text = await readFile(file, 'utf8');
  try {
    return parse(text) as TomlTable;
  } catch (error) {
    throw new ConfigurationError(`${file}: cargo reads this manifest to find the workspace root, and it does not parse: ${(error as Error).message}`);
  }
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(() => true, () => false);
}

function table(value: unknown): TomlTable | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TomlTable) : null;
}
