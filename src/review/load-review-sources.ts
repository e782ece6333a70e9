import { ConfigurationError, InputError } from '../core/errors.js';
import { findCloseNames } from '../guard/find-close-names.js';
import { parseVerusBytes, type FunctionItem, type VerusFileIr } from '../ir/index.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';
import { isSelected } from './generate-mutants.js';

export interface ReviewSources {
  files: VerusFileIr[];
  /** The exec functions under review with their files. */
  functions: Array<{ fn: FunctionItem; file: string }>;
}

/**
 * Parses the files to review and picks the exec functions. Bad input is an InputError before
 * anything runs: a `--file` without `verus!`, no file with `verus!`, a `--fn` naming no exec
 * function (with close names), or no executable code to mutate.
 */
export async function loadReviewSources(crateFiles: CrateFiles, crateDir: string, file: string | null, names: readonly string[]): Promise<ReviewSources> {
  const candidates = file !== null ? [file] : [...crateFiles.keys()].filter((path) => path.startsWith('src/') && path.endsWith('.rs')).sort();
  const files: VerusFileIr[] = [];
  for (const path of candidates) {
    const bytes = crateFiles.get(path);
    if (bytes === undefined) throw new InputError('missing-file', `${path} is not a source file of the crate`, { file: `${crateDir}/${path}`, line: 1, column: 1 });
    const ir = await parseVerusBytes(bytes, { file: path, requireVerus: file !== null });
    if (ir.verusMacros.length > 0) files.push(ir);
  }
  if (files.length === 0) throw new InputError('no-verus-macro', 'no file of the crate holds a verus! block', { file: crateDir, line: 1, column: 1 });
  const wanted = names.length === 0 ? null : new Set(names);
  const functions = files.flatMap((ir) => ir.functions.filter((fn) => isSelected(fn, wanted)).map((fn) => ({ fn, file: ir.file })));
  const available = files.flatMap((ir) => ir.functions.filter((fn) => isSelected(fn, null)).map((fn) => fn.qualifiedName));
  for (const name of names) {
    if (!available.includes(name)) {
      const close = findCloseNames(name, available);
      throw new ConfigurationError(`--fn ${name} names no exec function with a body${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}`);
    }
  }
  if (functions.length === 0) throw new InputError('no-exec-code', 'no exec function with a body inside verus!: there is no executable code to mutate', { file: `${crateDir}/${files[0]?.file ?? 'src/lib.rs'}`, line: 1, column: 1 });
  return { files, functions };
}
