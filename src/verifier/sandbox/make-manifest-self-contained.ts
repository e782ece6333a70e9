import path from 'node:path';
import { parse, stringify } from 'smol-toml';
import { findWorkspaceRoot } from './find-workspace-root.js';
import { resolveWorkspaceInheritance } from './resolve-workspace-inheritance.js';
import { rewritePathDependencyTables } from './rewrite-path-dependencies.js';

/**
 * The manifest of the crate at `crateDir` for a copy of it elsewhere, one cargo builds as it builds
 * the crate in place: inheritance from its workspace resolved (findWorkspaceRoot,
 * resolveWorkspaceInheritance), then relative path dependencies made absolute
 * (rewritePathDependencyTables). `manifest` is null when nothing changes (the copy keeps the bytes)
 * or the text does not parse (cargo reports that in the copy, naming the position);
 * `pathDirectories` are the path dependencies' directories. Throws a ConfigurationError naming the
 * manifest and key when inheritance cannot be resolved.
 */
export async function makeManifestSelfContained(manifestText: string, crateDir: string, environment: NodeJS.ProcessEnv = process.env): Promise<{ manifest: string | null; pathDirectories: string[] }> {
  let member: Record<string, unknown>;
  try {
    member = parse(manifestText) as Record<string, unknown>;
  } catch {
    return { manifest: null, pathDirectories: [] };
  }
  const manifestPath = path.join(path.resolve(crateDir), 'Cargo.toml');
  const resolved = resolveWorkspaceInheritance(member, manifestPath, await findWorkspaceRoot(manifestPath, member, environment));
  const rewritten = rewritePathDependencyTables(resolved ?? member, path.resolve(crateDir));
  const changed = resolved !== null || rewritten.changed;
  return { manifest: changed ? `${stringify(resolved ?? member)}\n` : null, pathDirectories: rewritten.pathDirectories };
}
