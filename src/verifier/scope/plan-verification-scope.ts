import type { VerificationScopePolicy } from '../../core/verifier.js';
import { parseVerusBytes, type FunctionItem, type VerusFileIr } from '../../ir/index.js';
import { findCandidateChanges } from './find-candidate-changes.js';
import { nameForVerifyFunction } from './name-for-verify-function.js';
import { resolveFileModulePath } from './resolve-file-module-path.js';
import type { FocusSelection, VerificationScopePlan } from './verification-scope-plan.js';

/** A candidate (or a review mutant): the crate's original files and the new text of one of them. */
export interface ScopeRequest {
  /** The original crate, crate-relative path → bytes. */
  originalFiles: ReadonlyMap<string, Uint8Array>;
  /** The changed file, crate-relative (`src/lib.rs`); every other file is the original's. */
  file: string;
  candidate: Uint8Array | string;
  policy: VerificationScopePolicy;
}

/**
 * Decides what a candidate's check verifies. With specifications frozen (the guard accepted the
 * candidate), changing a function's body cannot change another function's verdict, so only the
 * changed functions and new lemmas are verified: one `focus` per module, naming the function when
 * it is the module's only change and Verus can select it unambiguously, else the whole module.
 * Any change that reaches further (module-level proof context, clauses, spec bodies, removals), a
 * file whose module path is uncertain, or nothing to focus on falls back to the whole crate, with
 * the reason. Review mutants, single-function changes by construction, use the same function.
 */
export async function planVerificationScope(request: ScopeRequest): Promise<VerificationScopePlan> {
  if (request.policy === 'crate') return { kind: 'crate', functions: [], reason: 'scope = "crate"' };
  const originalBytes = request.originalFiles.get(request.file);
  if (originalBytes === undefined) return crate([], `${request.file} is not a file of the original crate`);
  let original: VerusFileIr;
  let candidate: VerusFileIr;
  try {
    original = await parseOriginal(request.file, originalBytes);
    candidate = await parseVerusBytes(typeof request.candidate === 'string' ? new TextEncoder().encode(request.candidate) : request.candidate, { file: request.file, requireVerus: false });
  } catch (error) {
    return crate([], `${request.file} could not be parsed (${(error as Error).message.split('\n')[0]})`);
  }
  const changes = findCandidateChanges(original, candidate);
  const changed = [...changes.bodyChanged, ...changes.added];
  const functions = changed.map((fn) => fn.qualifiedName);
  if (changes.contextChanges.length > 0) return crate(functions, `module-level proof context may have changed: ${changes.contextChanges.join('; ')}`);
  if (changed.length === 0) return crate(functions, 'no function body changed, so there is nothing to focus on');
  const fileModule = resolveFileModulePath(request.originalFiles, request.file);
  if (fileModule.kind === 'unknown') return crate(functions, `the module path is unknown: ${fileModule.reason}`);
  return { kind: 'focused', functions, selections: selectModules(candidate, fileModule.segments, changed) };
}

/** One selection per module; a function selector only for a module's single, unambiguous change. */
function selectModules(ir: VerusFileIr, fileModule: readonly string[], changed: readonly FunctionItem[]): FocusSelection[] {
  const byModule = new Map<string, FunctionItem[]>();
  for (const fn of changed) {
    const module = [...fileModule, ...fn.modulePath].join('::');
    byModule.set(module, [...(byModule.get(module) ?? []), fn]);
  }
  return [...byModule].map(([module, functions]) => {
    const only = functions.length === 1 ? functions[0] : undefined;
    const name = only === undefined ? null : nameForVerifyFunction(ir, only);
    const unique = name !== null && ir.functions.filter((fn) => sameModule(fn.modulePath, only?.modulePath ?? []) && nameForVerifyFunction(ir, fn) === name).length === 1;
    return { module: module === '' ? null : module, function: unique ? name : null, covers: functions.map((fn) => fn.qualifiedName) };
  });
}

function sameModule(left: readonly string[], right: readonly string[]): boolean {
  return left.length === right.length && left.every((segment, index) => segment === right[index]);
}

function crate(functions: string[], reason: string): VerificationScopePlan {
  return { kind: 'crate', functions, reason };
}

/** A run plans every candidate against the same original bytes: parse them once. */
const originals = new WeakMap<Uint8Array, Promise<VerusFileIr>>();

function parseOriginal(file: string, bytes: Uint8Array): Promise<VerusFileIr> {
  let parsed = originals.get(bytes);
  if (parsed === undefined) {
    parsed = parseVerusBytes(bytes, { file, requireVerus: false });
    originals.set(bytes, parsed);
    parsed.catch(() => originals.delete(bytes));
  }
  return parsed;
}
