import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { assertNever } from '../../core/assert-never.js';
import { InputError } from '../../core/errors.js';
import type { VerificationTarget } from '../../core/verifier.js';
import { listOutsideInputs } from './list-outside-inputs.js';
import type { VerificationInputs } from './verification-inputs.js';

const CRATE_ROOT_FILES = ['Cargo.toml', 'Cargo.lock', 'build.rs'];
const MAX_MODULE_FILES = 2000;

/**
 * Lists what a target depends on. A crate: every file under `src/` plus Cargo.toml, Cargo.lock and
 * build.rs. A single file: the file and the module files it declares (`mod name;`), recursively,
 * resolved as rustc does (`name.rs` or `name/mod.rs`, beside a root or mod.rs file, else in a
 * directory named after the file).
 */
export async function listVerificationInputs(target: VerificationTarget): Promise<VerificationInputs> {
  switch (target.kind) {
    case 'crate':
    case 'module':
    case 'function':
      return listCrateInputs(path.resolve(target.crateDir));
    case 'file':
      return listFileInputs(path.resolve(target.filePath));
    default:
      return assertNever(target, 'verification target');
  }
}

async function listCrateInputs(root: string): Promise<VerificationInputs> {
  if (!(await isFile(path.join(root, 'Cargo.toml')))) {
    throw new InputError('not-a-crate', 'no Cargo.toml here: pass a crate directory or a .rs file', { file: root, line: 1, column: 1 });
  }
  const files: string[] = [];
  for (const name of CRATE_ROOT_FILES) if (await isFile(path.join(root, name))) files.push(name);
  await collectFiles(root, 'src', files);
  const outside = await listOutsideInputs(root, files);
  return { root, files: files.sort(compareBytes), ...(outside === null ? {} : { outside }) };
}

async function collectFiles(root: string, relative: string, into: string[]): Promise<void> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const child = `${relative}/${entry.name}`;
    if (entry.isDirectory()) await collectFiles(root, child, into);
    else if (entry.isFile()) into.push(child);
  }
}

async function listFileInputs(filePath: string): Promise<VerificationInputs> {
  if (!(await isFile(filePath))) throw new InputError('missing-file', 'no such file', { file: filePath, line: 1, column: 1 });
  const root = path.dirname(filePath);
  const seen = new Set<string>();
  const pending: Array<{ file: string; isModuleRoot: boolean }> = [{ file: filePath, isModuleRoot: true }];
  while (pending.length > 0 && seen.size < MAX_MODULE_FILES) {
    const current = pending.pop();
    if (current === undefined || seen.has(current.file)) continue;
    seen.add(current.file);
    const directory = current.isModuleRoot ? path.dirname(current.file) : path.join(path.dirname(current.file), path.basename(current.file, '.rs'));
    for (const name of declaredModules(await readFile(current.file, 'utf8'))) {
      for (const candidate of [path.join(directory, `${name}.rs`), path.join(directory, name, 'mod.rs')]) {
        if (await isFile(candidate)) {
          pending.push({ file: candidate, isModuleRoot: path.basename(candidate) === 'mod.rs' });
          break;
        }
      }
    }
  }
  const files = [...seen].map((file) => path.relative(root, file).split(path.sep).join('/'));
  return { root, files: files.filter((file) => !file.startsWith('..')).sort(compareBytes) };
}

/** `mod name;` declarations (not inline `mod name { ... }`), skipping line comments. */
function declaredModules(source: string): string[] {
  const names: string[] = [];
  for (const line of source.split('\n')) {
    const match = line.replace(/\/\/.*$/, '').match(/^\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+([A-Za-z_][A-Za-z0-9_]*)\s*;/);
    if (match?.[1] !== undefined) names.push(match[1]);
  }
  return names;
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

function compareBytes(left: string, right: string): number {
  return Buffer.compare(Buffer.from(left), Buffer.from(right));
}
