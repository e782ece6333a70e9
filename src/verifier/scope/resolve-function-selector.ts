import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { findCloseNames } from '../../guard/find-close-names.js';
import { parseVerusBytes } from '../../ir/index.js';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';
import { nameForVerifyFunction } from './name-for-verify-function.js';
import { resolveFileModulePath, type FileModulePath } from './resolve-file-module-path.js';

/** A crate function as `cargo verus focus` selects it: module (null = root) and `--verify-function` name (null = verify the module). */
export interface ResolvedFunction {
  /** The path from the crate root, e.g. `outer::inner::Stack::pop`. */
  path: string;
  module: string | null;
  function: string | null;
}

/**
 * Resolves `verify --fn NAME` against the crate's functions inside `verus!`: NAME may be the full
 * path (`outer::inner::Stack::pop`, with or without `crate::` or the crate's name), a tail of it
 * (`Stack::pop`) or the bare name (`pop`). A method's `Type::` is never taken for a module. No
 * match, or several, is a ConfigurationError listing the candidates, before any verifier runs.
 */
export async function resolveFunctionSelector(crateDir: string, text: string, crateName: string | null): Promise<ResolvedFunction> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir });
  const files = new Map<string, Uint8Array>();
  for (const file of inputs.files.filter((name) => name.endsWith('.rs'))) files.set(file, await readFile(path.join(inputs.root, ...file.split('/'))));
  return resolveAmong(files, (file) => resolveFileModulePath(files, file), text, crateName, crateDir);
}

/** The same for `verify FILE.rs --fn NAME`: the file is the crate root (Verus compiles it with `--crate-type=lib`). */
export async function resolveFileFunctionSelector(filePath: string, text: string): Promise<ResolvedFunction> {
  const files = new Map([[path.basename(filePath), new Uint8Array(await readFile(filePath))]]);
  return resolveAmong(files, () => ({ kind: 'module', segments: [] }), text, null, filePath);
}

async function resolveAmong(files: ReadonlyMap<string, Uint8Array>, moduleOf: (file: string) => FileModulePath, text: string, crateName: string | null, where: string): Promise<ResolvedFunction> {
  const catalog: ResolvedFunction[] = [];
  const unknownModules: string[] = [];
  for (const [file, bytes] of files) {
    const ir = await parseVerusBytes(bytes, { file, requireVerus: false }).catch(() => null);
    if (ir === null) continue;
    const fileModule = moduleOf(file);
    for (const fn of ir.functions.filter((item) => item.insideVerus)) {
      if (fileModule.kind === 'unknown') {
        unknownModules.push(`${fn.qualifiedName} (${fileModule.reason})`);
        continue;
      }
      const segments = [...fileModule.segments, ...fn.modulePath];
      const name = nameForVerifyFunction(ir, fn);
      const unique = name !== null && ir.functions.filter((other) => other.modulePath.join('::') === fn.modulePath.join('::') && nameForVerifyFunction(ir, other) === name).length === 1;
      catalog.push({ path: [...fileModule.segments, fn.qualifiedName].join('::'), module: segments.length === 0 ? null : segments.join('::'), function: unique ? name : null });
    }
  }
  const wanted = stripCratePrefix(text, crateName);
  const matches = catalog.filter((entry) => entry.path === wanted || entry.path.endsWith(`::${wanted}`));
  const exact = matches.filter((entry) => entry.path === wanted);
  const chosen = exact.length === 1 ? exact : matches;
  if (chosen.length === 1 && chosen[0] !== undefined) return chosen[0];
  if (chosen.length > 1) throw new ConfigurationError(`--fn ${text} matches ${chosen.length} functions: ${chosen.map((entry) => entry.path).join(', ')}; name one by its path`);
  const unresolved = unknownModules.find((entry) => entry === wanted || entry.startsWith(`${wanted} `) || entry.includes(`::${wanted} `));
  if (unresolved !== undefined) throw new ConfigurationError(`--fn ${text}: cannot tell the module of ${unresolved}; verify the whole crate instead`);
  const close = findCloseNames(wanted, catalog.map((entry) => entry.path));
  throw new ConfigurationError(`--fn ${text}: no function named ${wanted} in ${where}; ${close.length > 0 ? `did you mean ${close.join(', ')}?` : `functions: ${catalog.slice(0, 12).map((entry) => entry.path).join(', ')}`}`);
}

function stripCratePrefix(text: string, crateName: string | null): string {
  const segments = text.split('::').filter((segment) => segment !== '');
  if (segments.length > 1 && (segments[0] === 'crate' || (crateName !== null && segments[0] === crateName.replace(/-/g, '_')))) segments.shift();
  return segments.join('::');
}
