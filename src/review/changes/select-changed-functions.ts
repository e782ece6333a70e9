import type { ChangeReason, ChangeSelection, ChangedFunction, DeletedFunction } from './change-selection.js';
import type { FileVersions } from './file-versions.js';
import { findSpecFnDependents } from './find-spec-fn-dependents.js';
import { parseFileVersion, type FunctionVersion, type ParsedVersion } from './parse-file-version.js';

/**
 * Compares every Rust file of the crate at the base and in the working tree (unchanged files
 * included: an exec function there may use a spec fn that changed elsewhere) and selects the exec
 * functions whose exec code or spec changed, those of added files, and those whose spec uses a
 * changed spec fn. Functions of the base that are gone are listed as deleted.
 */
export async function selectChangedFunctions(base: string, versions: readonly FileVersions[]): Promise<ChangeSelection> {
  const functions: ChangedFunction[] = [];
  const deleted: DeletedFunction[] = [];
  const changedSpecFns = new Set<string>();
  const current: Array<FunctionVersion & { file: string }> = [];
  const changedFiles = versions.filter((entry) => entry.before !== entry.after).map((entry) => entry.file).sort();
  for (const entry of [...versions].sort((a, b) => a.file.localeCompare(b.file))) {
    const after = await parseFileVersion(entry.file, entry.after, 'working tree');
    const afterFunctions = after.kind === 'parsed' ? after.functions : new Map<string, FunctionVersion>();
    current.push(...[...afterFunctions.values()].map((fn) => ({ ...fn, file: entry.file })));
    if (entry.before === entry.after) continue;
    const before = await parseFileVersion(entry.file, entry.before, 'base');
    const beforeFunctions = before.kind === 'parsed' ? before.functions : new Map<string, FunctionVersion>();
    for (const fn of afterFunctions.values()) {
      const reasons = compareFunction(before, beforeFunctions.get(fn.name), fn);
      if (fn.baseMode === 'spec' && reasons.length > 0) changedSpecFns.add(fn.name);
      if (fn.reviewable && reasons.length > 0) functions.push({ file: entry.file, function: fn.name, reasons });
    }
    for (const fn of beforeFunctions.values()) {
      if (afterFunctions.has(fn.name)) continue;
      deleted.push({ file: entry.file, function: fn.name, mode: fn.mode });
      if (fn.baseMode === 'spec') changedSpecFns.add(fn.name);
    }
  }
  const dependents = findSpecFnDependents(current, changedSpecFns);
  for (const fn of current) {
    const used = dependents.get(fn.name);
    if (used === undefined) continue;
    const selected = functions.find((entry) => entry.file === fn.file && entry.function === fn.name);
    const reason: ChangeReason = { kind: 'uses-changed-spec-fn', specFunctions: used };
    if (selected === undefined) functions.push({ file: fn.file, function: fn.name, reasons: [reason] });
    else if (!selected.reasons.some((entry) => entry.kind === 'file-added' || entry.kind === 'function-added' || entry.kind === 'base-unparsable')) selected.reasons.push(reason);
  }
  const line = (entry: ChangedFunction) => current.find((fn) => fn.file === entry.file && fn.name === entry.function)?.line ?? 0;
  functions.sort((a, b) => a.file.localeCompare(b.file) || line(a) - line(b));
  return { base, changedFiles, functions, deleted };
}

/** Why one function of a changed file is reviewed; empty when its exec code and spec are the same tokens. */
function compareFunction(before: ParsedVersion, previous: FunctionVersion | undefined, fn: FunctionVersion): ChangeReason[] {
  if (before.kind === 'absent') return [{ kind: 'file-added' }];
  if (before.kind === 'unparsable') return [{ kind: 'base-unparsable', reason: before.reason }];
  if (previous === undefined) return [{ kind: 'function-added' }];
  return [
    ...(previous.execText !== fn.execText || previous.baseMode !== fn.baseMode ? [{ kind: 'exec-changed' } as const] : []),
    ...(previous.specText !== fn.specText ? [{ kind: 'spec-changed' } as const] : []),
  ];
}
