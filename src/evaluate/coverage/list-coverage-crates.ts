import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { InputError } from '../../core/errors.js';

/** One unit of a spec-coverage run: a crate as it is, or a loose .rs file to wrap in a scratch crate. */
export type CoverageCrate =
  | { kind: 'crate'; label: string; dir: string }
  /** `configDir`: the directory holding the file, whose verus-repair.toml (when any) applies to it. */
  | { kind: 'loose'; label: string; file: string; configDir: string };

const MAXIMUM_DEPTH = 4;
/** A verus! invocation (not the word in a comment); the parser decides the rest. */
const VERUS_MACRO = /\bverus!\s*\{/;

/**
 * The crates and loose files under the given paths, in a stable order. A directory whose Cargo.toml
 * has a [package] is a crate; any other directory contributes its .rs files invoking `verus! {` and its
 * subdirectories (not `target` or hidden ones). A path that does not exist, or a file that is not a
 * .rs file, is bad input.
 */
export function listCoverageCrates(paths: readonly string[]): { crates: CoverageCrate[]; skippedFiles: number } {
  const crates: CoverageCrate[] = [];
  let skippedFiles = 0;
  for (const given of paths) {
    const resolved = path.resolve(given);
    const stat = statSync(resolved, { throwIfNoEntry: false });
    if (stat === undefined) throw new InputError('missing-path', 'no such file or directory (spec-coverage takes directories of crates or of .rs files, and .rs files)', { file: given, line: 1, column: 1 });
    if (stat.isFile()) {
      if (!resolved.endsWith('.rs')) throw new InputError('not-rust', 'not a .rs file or a directory (spec-coverage takes directories of crates or of .rs files, and .rs files)', { file: given, line: 1, column: 1 });
      crates.push({ kind: 'loose', label: path.basename(resolved), file: resolved, configDir: path.dirname(resolved) });
      continue;
    }
    const visit = (directory: string, label: string, depth: number): void => {
      if (isPackage(directory)) {
        crates.push({ kind: 'crate', label, dir: directory });
        return;
      }
      const entries = readdirSync(directory, { withFileTypes: true }).sort((left, right) => left.name.localeCompare(right.name));
      for (const entry of entries.filter((item) => item.isFile() && item.name.endsWith('.rs'))) {
        const file = path.join(directory, entry.name);
        if (VERUS_MACRO.test(readFileSync(file, 'utf8'))) crates.push({ kind: 'loose', label: path.posix.join(label, entry.name), file, configDir: directory });
        else skippedFiles++;
      }
      if (depth >= MAXIMUM_DEPTH) return;
      for (const entry of entries.filter((item) => item.isDirectory() && item.name !== 'target' && !item.name.startsWith('.'))) visit(path.join(directory, entry.name), path.posix.join(label, entry.name), depth + 1);
    };
    visit(resolved, labelOf(resolved, paths), 0);
  }
  return { crates, skippedFiles };
}

/** A path's name in the table: its last segment, or its last two when another given path ends the same (the verified directories of Verus-Bench). */
function labelOf(resolved: string, paths: readonly string[]): string {
  const name = path.basename(resolved);
  const shared = paths.some((other) => path.resolve(other) !== resolved && path.basename(path.resolve(other)) === name);
  return shared ? path.posix.join(path.basename(path.dirname(resolved)), name) : name;
}

function isPackage(directory: string): boolean {
  const manifest = path.join(directory, 'Cargo.toml');
  return existsSync(manifest) && /^\[package\]/m.test(readFileSync(manifest, 'utf8')) && existsSync(path.join(directory, 'src'));
}
