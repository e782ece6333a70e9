import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The newest modification time under a directory (source files only). */
function newestSource(directory: string): number {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

/**
 * Packs the package as `npm publish` would (its `files` only) and installs the tarball into a fresh
 * project, from npm's cache where it can (`--prefer-offline`), as a user's `npm install` would. dist/
 * is rebuilt first only when a source file is newer than it (CI's `npm ci` has just built it).
 */
export function packAndInstall(directory: string): { projectDir: string; packageDir: string; tarball: string } {
  const built = path.join(PROJECT_ROOT, 'dist', 'cli', 'main.js');
  if (!existsSync(built) || statSync(built).mtimeMs < newestSource(path.join(PROJECT_ROOT, 'src'))) {
    execFileSync('npm', ['run', 'build'], { cwd: PROJECT_ROOT, stdio: 'pipe' });
  }
  const packed = JSON.parse(execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', directory], { cwd: PROJECT_ROOT, encoding: 'utf8' })) as Array<{ filename: string }>;
  const tarball = path.join(directory, packed[0]?.filename ?? 'verus-repair-0.1.0.tgz');
  const projectDir = path.join(directory, 'project');
  mkdirSync(projectDir);
  writeFileSync(path.join(projectDir, 'package.json'), `${JSON.stringify({ name: 'user-project', version: '1.0.0', private: true }, null, 2)}\n`);
  // No install scripts: the package needs none (tree-sitter runs as WebAssembly).
  execFileSync('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--save-dev', tarball], { cwd: projectDir, stdio: 'pipe' });
  return { projectDir, packageDir: path.join(projectDir, 'node_modules', 'verus-repair'), tarball };
}
