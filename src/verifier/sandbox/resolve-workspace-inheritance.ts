import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { ConfigurationError } from '../../core/errors.js';
import type { WorkspaceRoot } from './find-workspace-root.js';
import { mergeInheritedDependency } from './merge-inherited-dependency.js';

type TomlTable = Record<string, unknown>;

/**
 * What `package.<key>.workspace = true` may name, each read from `[workspace.package]` (C
 * src/cargo/util/toml/mod.rs:620-790 normalize_package_toml, getters 1042-1059, 1100-1118, cargo
 * 0.96.0). `badges` is in [workspace.package] but no package field inherits it.
 */
const INHERITABLE_PACKAGE_FIELDS = new Set(['authors', 'categories', 'description', 'documentation', 'edition', 'exclude', 'homepage', 'include', 'keywords', 'license', 'license-file', 'publish', 'readme', 'repository', 'rust-version', 'version']);

/** The dependency tables of a package and of each `[target.<cfg>]` (C mod.rs:445-556), the underscore spellings included. */
const DEPENDENCY_TABLES = ['dependencies', 'dev-dependencies', 'dev_dependencies', 'build-dependencies', 'build_dependencies'];

/**
 * A member's manifest made self-contained for a copy outside its workspace (pure): every
 * `workspace = true` resolved from `root` as cargo does, and what the workspace root decides for
 * all its members carried along. Null when nothing changes (a standalone crate, or a root of its own
 * without members that inherits nothing): the copy keeps the manifest's bytes.
 * - package fields (see INHERITABLE_PACKAGE_FIELDS; field_inherit_with, mod.rs:1124-1137);
 *   `readme` and `license-file` are relative to the root (1100-1118, with the root's default README,
 *   831-859) and made absolute, as is a workspace dependency's path (mergeInheritedDependency);
 * - `[lints] workspace = true` takes `[workspace.lints]`, and may not add lints of its own (1139-1155);
 * - a path `base = "workspace"` is the root (lookup_path_base, 2432-2457);
 * - a member's own `[profile]`, `[patch]` and `[replace]` are ignored in favour of the root's, and the
 *   resolver is the root's (C core/workspace.rs:472-474, 536-541, 596-600, 1186-1219, 334-345), so the
 *   copy takes the root's, with paths made absolute, and becomes its own workspace (`[workspace]`);
 *   a root package keeps its own, without the `members` (not in the copy) of its `[workspace]`.
 * A key that cannot be resolved is a ConfigurationError naming the manifest and the key.
 */
export function resolveWorkspaceInheritance(member: TomlTable, manifestPath: string, root: WorkspaceRoot | null): TomlTable | null {
  const fail = (key: string, reason: string): never => {
    throw new ConfigurationError(`${manifestPath}: cannot resolve \`${key}\` for a copy of the crate outside its workspace: ${reason}`);
  };
  if (table(member['package']) === null) return null; // a virtual manifest builds no package
  if (root === null) {
    const inherited = findInheritedKey(member);
    return inherited === null ? null : fail(inherited, 'no workspace root was found above the crate (cargo: failed to find a workspace root)');
  }
  const rootDir = path.dirname(root.manifestPath);
  const workspace = table(root.manifest['workspace']) ?? {};
  const missing = (key: string) => `${root.manifestPath} has no \`${key}\``;
  const resolved = structuredClone(member);
  const pkg = table(resolved['package']) ?? {};
  const workspacePackage = table(workspace['package']) ?? {};
  for (const [key, value] of Object.entries(pkg)) {
    if (key === 'metadata' || !isInherited(value)) continue;
    const label = `package.${key}.workspace`;
    if (value['workspace'] !== true) fail(label, '`workspace` cannot be false');
    if (!INHERITABLE_PACKAGE_FIELDS.has(key)) fail(label, `cargo inherits only ${[...INHERITABLE_PACKAGE_FIELDS].join(', ')}`);
    pkg[key] = inheritPackageField(key, workspacePackage, root, rootDir) ?? fail(label, missing(`workspace.package.${key}`));
  }
  const edition = Number(typeof pkg['edition'] === 'string' ? pkg['edition'] : '2015');
  for (const [label, dependencies] of listDependencyTables(resolved)) {
    for (const [name, entry] of Object.entries(dependencies)) {
      const dependency = table(entry);
      if (dependency === null) continue;
      if (isInherited(dependency)) {
        if (dependency['workspace'] !== true) fail(`${label}.${name}.workspace`, '`workspace` cannot be false');
        const workspaceDependencies = table(workspace['dependencies']) ?? fail(`${label}.${name}.workspace`, missing('workspace.dependencies'));
        const workspaceEntry = workspaceDependencies[name] ?? fail(`${label}.${name}.workspace`, missing(`workspace.dependencies.${name}`));
        const refused = ['optional', 'public'].find((key) => table(workspaceEntry)?.[key] === true);
        if (refused !== undefined) fail(`${label}.${name}.workspace`, `\`workspace.dependencies.${name}\` in ${root.manifestPath} is ${refused}, which a workspace dependency cannot be`);
        const merged = mergeInheritedDependency(dependency, workspaceEntry, rootDir, edition);
        dependencies[name] = merged.ok ? merged.dependency : fail(`${label}.${name}.workspace`, merged.reason);
      }
      resolveWorkspaceBase(table(dependencies[name]), rootDir);
    }
  }
  const lints = table(resolved['lints']);
  if (lints?.['workspace'] === true) {
    if (Object.keys(lints).length > 1) fail('lints.workspace', 'cannot override `workspace.lints` in `lints`: remove the other keys, or `workspace = true`');
    resolved['lints'] = structuredClone(table(workspace['lints']) ?? fail('lints.workspace', missing('workspace.lints')));
  }
  adoptRootSettings(resolved, root, rootDir, path.resolve(manifestPath) === path.resolve(root.manifestPath));
  for (const source of Object.values(table(resolved['patch']) ?? {})) absolutizePaths(table(source), rootDir);
  absolutizePaths(table(resolved['replace']), rootDir);
  return isSameToml(resolved, member) ? null : resolved;
}

/** The value of an inherited package field, or null when the root does not define it. */
function inheritPackageField(key: string, workspacePackage: TomlTable, root: WorkspaceRoot, rootDir: string): unknown {
  const value = workspacePackage[key];
  if (key === 'license-file') return typeof value === 'string' ? path.resolve(rootDir, value) : null;
  if (key !== 'readme') return value === undefined ? null : structuredClone(value);
  // C mod.rs:831-846 normalize_package_readme on the root: unset is its default README, `true` README.md, `false` none.
  const readme = value === undefined ? root.defaultReadme : value === true ? 'README.md' : typeof value === 'string' ? value : null;
  return readme === null ? null : path.resolve(rootDir, readme);
}

/** The root's profiles, patches, replacements and resolver, which cargo applies to every member; the copy is a workspace of its own. */
function adoptRootSettings(resolved: TomlTable, root: WorkspaceRoot, rootDir: string, isRoot: boolean): void {
  if (isRoot) {
    // Its members are not in the copy: cargo would fail to load them.
    const own = table(resolved['workspace']) ?? {};
    for (const key of ['members', 'default-members', 'exclude']) delete own[key];
    return;
  }
  for (const key of ['profile', 'patch', 'replace']) {
    const value = root.manifest[key];
    if (value === undefined) delete resolved[key];
    else resolved[key] = structuredClone(value);
  }
  const pkg = table(resolved['package']);
  if (pkg !== null) {
    delete pkg['workspace'];
    pkg['resolver'] = selectRootResolver(root.manifest);
  }
  resolved['workspace'] = {};
}

/** C core/workspace.rs:334-345: the root's `workspace.resolver` or `package.resolver`, else its edition's default (C core/features.rs:319-327); a virtual root's default is "1". */
function selectRootResolver(manifest: TomlTable): string {
  const rootPackage = table(manifest['package']);
  const declared = table(manifest['workspace'])?.['resolver'] ?? rootPackage?.['resolver'];
  if (typeof declared === 'string') return declared;
  if (rootPackage === null) return '1';
  const edition = isInherited(rootPackage['edition']) ? table(table(manifest['workspace'])?.['package'])?.['edition'] : rootPackage['edition'];
  const year = Number(typeof edition === 'string' ? edition : '2015');
  return year >= 2024 ? '3' : year >= 2021 ? '2' : '1';
}

function absolutizePaths(dependencies: TomlTable | null, rootDir: string): void {
  for (const entry of Object.values(dependencies ?? {})) {
    const dependency = table(entry);
    if (typeof dependency?.['path'] === 'string' && dependency['base'] === undefined) dependency['path'] = path.resolve(rootDir, dependency['path']);
    resolveWorkspaceBase(dependency, rootDir);
  }
}

/** `base = "workspace"` is the workspace root (C mod.rs:2450); the copy's own root would be the copy. Other bases come from cargo's configuration. */
function resolveWorkspaceBase(dependency: TomlTable | null, rootDir: string): void {
  if (dependency === null || dependency['base'] !== 'workspace' || typeof dependency['path'] !== 'string') return;
  dependency['path'] = path.resolve(rootDir, dependency['path']);
  delete dependency['base'];
}

function listDependencyTables(manifest: TomlTable): Array<[string, TomlTable]> {
  const found: Array<[string, TomlTable]> = [];
  const collect = (owner: TomlTable | null, prefix: string) => {
    for (const name of DEPENDENCY_TABLES) {
      const dependencies = table(owner?.[name]);
      if (dependencies !== null) found.push([`${prefix}${name}`, dependencies]);
    }
  };
  collect(manifest, '');
  for (const [platform, value] of Object.entries(table(manifest['target']) ?? {})) collect(table(value), `target.${platform}.`);
  return found;
}

/** The first key that inherits from a workspace, or null. */
function findInheritedKey(manifest: TomlTable): string | null {
  for (const [key, value] of Object.entries(table(manifest['package']) ?? {})) if (key !== 'metadata' && isInherited(value)) return `package.${key}.workspace`;
  for (const [label, dependencies] of listDependencyTables(manifest)) {
    for (const [name, entry] of Object.entries(dependencies)) if (isInherited(entry)) return `${label}.${name}.workspace`;
  }
  return table(manifest['lints'])?.['workspace'] === true ? 'lints.workspace' : null;
}

/** Equal as TOML: smol-toml's tables have no prototype, structuredClone's do. */
function isSameToml(left: TomlTable, right: TomlTable): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(left)), JSON.parse(JSON.stringify(right)));
}

function isInherited(value: unknown): value is TomlTable {
  return table(value) !== null && 'workspace' in (value as TomlTable);
}

function table(value: unknown): TomlTable | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as TomlTable) : null;
}
