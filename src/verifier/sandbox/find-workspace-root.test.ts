import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { findWorkspaceRoot } from './find-workspace-root.js';

/** Writes `files` (relative path → text) under a fresh directory and returns it. */
async function tree(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'find-workspace-root-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

const PACKAGE = '[package]\nname = "app"\nversion = "0.1.0"\n';
const find = async (root: string, member: string, environment: NodeJS.ProcessEnv = { HOME: '/nonexistent-home' }) => {
  const manifestPath = path.join(root, member, 'Cargo.toml');
  return (await findWorkspaceRoot(manifestPath, parse(await readFile(manifestPath, 'utf8')) as Record<string, unknown>, environment))?.manifestPath ?? null;
};

describe('findWorkspaceRoot (C core/workspace.rs:2387-2446, util/toml/mod.rs:962-987)', () => {
  it('takes the nearest ancestor with [workspace], skipping manifests without one', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace]\nmembers = ["group/app"]\n', 'group/Cargo.toml': PACKAGE.replace('app', 'group'), 'group/app/Cargo.toml': PACKAGE });
    expect(await find(root, 'group/app')).toBe(path.join(root, 'Cargo.toml'));
  });

  it('goes past a workspace that excludes the member, unless it also lists it', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace]\nmembers = ["inner/app"]\n', 'inner/Cargo.toml': '[workspace]\nexclude = ["app"]\n', 'inner/app/Cargo.toml': PACKAGE });
    expect(await find(root, 'inner/app')).toBe(path.join(root, 'Cargo.toml'));
    const listed = await tree({ 'Cargo.toml': '[workspace]\n', 'inner/Cargo.toml': '[workspace]\nmembers = ["app"]\nexclude = ["app"]\n', 'inner/app/Cargo.toml': PACKAGE });
    expect(await find(listed, 'inner/app')).toBe(path.join(listed, 'inner', 'Cargo.toml'));
  });

  it('follows `package.workspace`, the member\'s or an ancestor\'s, and refuses one that names no workspace', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace]\n', 'elsewhere/ws/Cargo.toml': '[workspace]\nmembers = ["../../app"]\n', 'app/Cargo.toml': `${PACKAGE}workspace = "../elsewhere/ws"\n` });
    expect(await find(root, 'app')).toBe(path.join(root, 'elsewhere', 'ws', 'Cargo.toml'));
    const pointing = await tree({ 'ws/Cargo.toml': '[workspace]\n', 'ws/a/Cargo.toml': '[package]\nname = "a"\nworkspace = ".."\n', 'ws/a/b/Cargo.toml': PACKAGE, 'Cargo.toml': '[workspace]\n' });
    expect(await find(pointing, 'ws/a/b')).toBe(path.join(pointing, 'ws', 'Cargo.toml'));
    const broken = await tree({ 'app/Cargo.toml': `${PACKAGE}workspace = ".."\n`, 'Cargo.toml': PACKAGE.replace('app', 'top') });
    await expect(find(broken, 'app')).rejects.toThrow(`${path.join(broken, 'app', 'Cargo.toml')}: \`package.workspace = ".."\` names ${path.join(broken, 'Cargo.toml')}, which has no [workspace]`);
  });

  it('is the member itself when it has [workspace]; null for a standalone crate', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace]\n', 'app/Cargo.toml': `${PACKAGE}\n[workspace]\n` });
    expect(await find(root, 'app')).toBe(path.join(root, 'app', 'Cargo.toml'));
    expect(await find(await tree({ 'app/Cargo.toml': PACKAGE }), 'app')).toBeNull();
  });

  it('does not walk above CARGO_HOME, nor out of a target/package directory', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace]\n', 'home/.cargo/registry/src/app/Cargo.toml': PACKAGE, 'target/package/app/Cargo.toml': PACKAGE });
    expect(await find(root, 'home/.cargo/registry/src/app', { CARGO_HOME: path.join(root, 'home', '.cargo') })).toBeNull();
    expect(await find(root, 'home/.cargo/registry/src/app', { CARGO_HOME: '/elsewhere' })).toBe(path.join(root, 'Cargo.toml'));
    expect(await find(root, 'target/package/app')).toBeNull();
  });

  it('names an ancestor manifest that does not parse (cargo reads it too)', async () => {
    const root = await tree({ 'Cargo.toml': '[workspace\n', 'app/Cargo.toml': PACKAGE });
    await expect(find(root, 'app')).rejects.toThrow(`${path.join(root, 'Cargo.toml')}: cargo reads this manifest to find the workspace root, and it does not parse`);
  });
});
