import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { findEnclosingLockFile } from '../sandbox/find-enclosing-lock-file.js';
import { findWorkspaceRoot } from '../sandbox/find-workspace-root.js';
import { resolveWorkspaceInheritance } from '../sandbox/resolve-workspace-inheritance.js';
import { rewritePathDependencyTables } from '../sandbox/rewrite-path-dependencies.js';
import { isWithinDirectory } from './is-within-directory.js';
import type { OutsideInputs } from './verification-inputs.js';

type TomlTable = Record<string, unknown>;

/**
 * What cargo reads outside a crate's directory when it builds the crate: the root manifest of its
 * workspace (inherited keys, profiles, patches: findWorkspaceRoot, as cargo 0.96.0 finds it), the
 * enclosing Cargo.lock when the crate has none of its own (a member uses its workspace's), and the
 * manifest and `src/` of each path dependency outside the crate (its own or inherited from
 * `[workspace.dependencies]`; their own path dependencies are not followed). Null when there is
 * nothing, or when the manifest does not parse (cargo reports that itself).
 */
export async function listOutsideInputs(root: string, ownFiles: readonly string[]): Promise<OutsideInputs | null> {
  const manifestPath = path.join(root, 'Cargo.toml');
  let member: TomlTable;
  try {
    member = parse(await readFile(manifestPath, 'utf8')) as TomlTable;
  } catch {
    return null;
  }
  const workspace = await findWorkspaceRoot(manifestPath, member).catch(() => null);
  const workspaceManifest = workspace !== null && path.resolve(workspace.manifestPath) !== path.resolve(manifestPath) ? path.resolve(workspace.manifestPath) : null;
  const inherits = usesWorkspaceInheritance(member);
  let resolved: TomlTable | null;
  try {
    resolved = resolveWorkspaceInheritance(structuredClone(member), manifestPath, workspace);
  } catch {
    // A key that cannot be resolved still inherits: the copy is what cannot be made.
    resolved = null;
  }
  const pathDependencies = rewritePathDependencyTables(structuredClone(resolved ?? member), root).pathDirectories
    .map((directory) => path.resolve(directory))
    .filter((directory) => !isWithinDirectory(directory, root));
  const files: string[] = [];
  if (workspaceManifest !== null) files.push(workspaceManifest);
  if (!ownFiles.includes('Cargo.lock')) {
    const lock = await findEnclosingLockFile(path.dirname(root));
    if (lock !== null) files.push(lock);
  }
  for (const directory of [...new Set(pathDependencies)].sort()) {
    files.push(path.join(directory, 'Cargo.toml'));
    await collectSources(path.join(directory, 'src'), files);
  }
  if (files.length === 0 && !inherits) return null;
  return { files: [...new Set(files)].sort(), workspaceManifest, inherits, pathDependencies: [...new Set(pathDependencies)].sort() };
}

/** Any `workspace = true` below the top level: `version.workspace`, `dep = { workspace = true }`, `[lints] workspace = true` (a top-level `[workspace]` table or `package.workspace` path is not inheritance). */
function usesWorkspaceInheritance(member: TomlTable): boolean {
  const visit = (value: unknown): boolean => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
    return Object.entries(value as TomlTable).some(([key, child]) => (key === 'workspace' && child === true) || visit(child));
  };
  return Object.entries(member).some(([key, value]) => key !== 'workspace' && visit(value));
}

async function collectSources(directory: string, into: string[]): Promise<void> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    const child = path.join(directory, entry.name);
    if (entry.isDirectory()) await collectSources(child, into);
    else if (entry.isFile()) into.push(child);
  }
}

/**
 * Why a runner that carries the crate's own files alone (a Docker container's mount, a queue job's
 * snapshot) cannot build it, or null: keys inherited from its workspace (unless the runner resolves
 * them into its copy: `resolvesInheritance`), or path dependencies outside it. A lock found only in
 * the workspace is no obstacle: cargo resolves offline without one.
 */
export function describeUncarriedInputs(root: string, outside: OutsideInputs | undefined, runner: string, options: { resolvesInheritance: boolean }): string | null {
  if (outside === undefined) return null;
  const manifest = path.join(root, 'Cargo.toml');
  const reasons = [
    ...(outside.inherits && !options.resolvesInheritance ? [`it inherits keys from its workspace (${outside.workspaceManifest ?? 'whose root was not found'})`] : []),
    ...(outside.pathDependencies.length === 0 ? [] : [`it depends on ${outside.pathDependencies.join(', ')} outside it`]),
  ];
  return reasons.length === 0 ? null : `${manifest}: ${runner} carries the crate's own files alone, and ${reasons.join(', and ')}; verify it with --local`;
}
