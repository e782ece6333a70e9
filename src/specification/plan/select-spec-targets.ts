import { ConfigurationError, InputError } from '../../core/errors.js';
import { findCloseNames } from '../../guard/find-close-names.js';
import type { FunctionItem, VerusFileIr } from '../../ir/index.js';

/**
 * The exec functions `--fn` names (by name or qualified name). A name of a spec or proof function,
 * of a function without a body, or of no function is bad input, named with its file and position.
 */
export function selectSpecTargets(files: readonly VerusFileIr[], names: readonly string[], crateDir: string): Array<{ fn: FunctionItem; file: string }> {
  const all = files.flatMap((ir) => ir.functions.filter((fn) => fn.insideVerus).map((fn) => ({ fn, file: ir.file })));
  const selected: Array<{ fn: FunctionItem; file: string }> = [];
  for (const name of names) {
    const matches = all.filter(({ fn }) => fn.qualifiedName === name || fn.name === name);
    const at = (entry: { fn: FunctionItem; file: string }) => ({ file: `${crateDir}/${entry.file}`, line: entry.fn.nameSpan.lineStart, column: entry.fn.nameSpan.columnStart });
    if (matches.length === 0) {
      const close = findCloseNames(name, all.filter(({ fn }) => fn.baseMode === 'exec').map(({ fn }) => fn.qualifiedName));
      throw new ConfigurationError(`--fn ${name} names no function inside verus!${close.length > 0 ? ` (did you mean ${close.join(', ')}?)` : ''}`);
    }
    if (matches.length > 1 && !matches.every((entry) => entry.fn.qualifiedName === name)) {
      throw new InputError('ambiguous-function', `--fn ${name} names ${matches.length} functions (${matches.map(({ fn }) => fn.qualifiedName).join(', ')}); give the qualified name`, at(matches[0]!));
    }
    const entry = matches[0]!;
    if (entry.fn.baseMode !== 'exec') {
      throw new InputError('not-exec-function', `--fn ${name} names a ${entry.fn.baseMode} function (${entry.fn.mode} fn); check-spec runs exec functions (their erased code) against their requires and ensures`, at(entry));
    }
    if (entry.fn.body === null) throw new InputError('no-body', `--fn ${name} has no body to run`, at(entry));
    if (!selected.includes(entry)) selected.push(entry);
  }
  return selected;
}

/** Every exec function inside verus! with a body and at least one ensures, by qualified name (a whole-crate check's targets). */
export function listEnsuredExecFunctions(files: readonly VerusFileIr[]): string[] {
  const names: string[] = [];
  for (const fn of files.flatMap((ir) => ir.functions)) {
    if (fn.insideVerus && fn.baseMode === 'exec' && fn.body !== null && fn.clauses.some((clause) => clause.kind === 'ensures') && !names.includes(fn.qualifiedName)) names.push(fn.qualifiedName);
  }
  return names;
}
