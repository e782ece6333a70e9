import path from 'node:path';

type TomlTable = Record<string, unknown>;

/** A member's `name = { workspace = true, ... }` with its `[workspace.dependencies]` entry merged in, or why cargo refuses it. */
export type MergedDependency = { ok: true; dependency: TomlTable } | { ok: false; reason: string };

/**
 * The dependency cargo makes of a member's `{ workspace = true, features, optional, default-features,
 * public }` and the workspace's entry, as C src/cargo/util/toml/mod.rs:1177-1240
 * inner_dependency_inherit_with does (cargo 0.96.0):
 * - the workspace's entry, a version string becoming `{ version }` (1186-1192); its relative `path`,
 *   unless it has a `base`, is relative to the workspace root (1075-1085), made absolute here because
 *   the copy is elsewhere;
 * - `default-features` (or `default_features`, 1204): the member's `true` over the workspace's
 *   `false` turns them on (1210-1215); the member's `false` over the workspace's `true` or unset is
 *   refused from edition 2024 on, else ignored with a warning (1216-1225, 1242-1264);
 * - features are additive: the workspace's, then the member's (1226-1236);
 * - `optional` and `public` are the member's alone (1237-1238): a workspace entry cannot have them
 *   (mod.rs:240-249); other keys beside `workspace = true` are unused, so dropped.
 */
export function mergeInheritedDependency(member: TomlTable, workspaceEntry: unknown, workspaceRoot: string, edition: number): MergedDependency {
  const isTable = typeof workspaceEntry === 'object' && workspaceEntry !== null && !Array.isArray(workspaceEntry);
  if (typeof workspaceEntry !== 'string' && !isTable) return { ok: false, reason: 'its `[workspace.dependencies]` entry is neither a version string nor a table' };
  const merged: TomlTable = typeof workspaceEntry === 'string' ? { version: workspaceEntry } : structuredClone(workspaceEntry as TomlTable);
  if (typeof merged['path'] === 'string' && merged['base'] === undefined) merged['path'] = path.resolve(workspaceRoot, merged['path']);
  const memberDefault = member['default-features'] ?? member['default_features'];
  const workspaceDefault = merged['default-features'] ?? merged['default_features'];
  if (memberDefault === true && workspaceDefault === false) {
    delete merged['default_features'];
    merged['default-features'] = true;
  } else if (memberDefault === false && workspaceDefault !== false && edition >= 2024) {
    return { ok: false, reason: '`default-features = false` cannot override the workspace\'s `default-features` (edition 2024 and later)' };
  }
  const features = [...strings(merged['features']), ...strings(member['features'])];
  if (merged['features'] !== undefined || member['features'] !== undefined) merged['features'] = features;
  for (const key of ['optional', 'public']) {
    if (member[key] === undefined) delete merged[key];
    else merged[key] = member[key];
  }
  return { ok: true, dependency: merged };
}

function strings(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}
