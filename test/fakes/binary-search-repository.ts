import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleGit } from 'simple-git';
import { buildSyntheticVerusOutput } from '../demo/synthetic-verus-output.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURE = path.join(ROOT, 'rust-fixtures', 'binary-search');
/** The binary-search fixture with its loop's `sorted(v@)` invariant removed, and the reference proof. */
export const BROKEN = readFileSync(path.join(FIXTURE, 'broken', 'missing-sorted-invariant.rs'), 'utf8');
export const REFERENCE = readFileSync(path.join(FIXTURE, 'src', 'lib.rs'), 'utf8');

/** The broken binary-search crate at `crateDir` (its manifest, the fixtures' Cargo.lock, BROKEN as src/lib.rs). */
export function writeBrokenBinarySearch(crateDir: string): void {
  mkdirSync(path.join(crateDir, 'src'), { recursive: true });
  copyFileSync(path.join(FIXTURE, 'Cargo.toml'), path.join(crateDir, 'Cargo.toml'));
  copyFileSync(path.join(ROOT, 'rust-fixtures', 'Cargo.lock'), path.join(crateDir, 'Cargo.lock'));
  writeFileSync(path.join(crateDir, 'src', 'lib.rs'), BROKEN);
}

/** `repoDir` as a git repository with everything in it committed (target/ ignored), by the given author. */
export async function commitRepository(repoDir: string, author: { name: string; email: string }): Promise<void> {
  writeFileSync(path.join(repoDir, '.gitignore'), 'target/\n');
  const git = simpleGit(repoDir);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', author.name).addConfig('user.email', author.email).addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit('broken binary search');
}

/**
 * The fake cargo-verus's synthetic outputs for the crate (none came from Verus): `failed.*`, the
 * invariant failure at the end of the loop body that BROKEN gives, and `verified.*` for REFERENCE.
 */
export function writeBinarySearchOutputs(scenarioDir: string): void {
  const failing = buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: BROKEN, functions: [{ name: 'binary_search', success: false }], errors: [
    { message: 'invariant not satisfied at end of loop body', anchor: 'forall|i: int| 0 <= i < lo ==> v@[i] < key', label: null },
  ] });
  const verified = buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: REFERENCE, functions: [{ name: 'binary_search', success: true }], errors: [] });
  for (const [name, output] of [['failed', failing], ['verified', verified]] as const) {
    writeFileSync(path.join(scenarioDir, `${name}.stdout`), output.stdout);
    writeFileSync(path.join(scenarioDir, `${name}.stderr`), output.stderr);
  }
}
