import type { GuardRule } from '../core/guard-verdict.js';
import type { FileLoadingConstruct, FileLoadingKind } from './file-loading-constructs.js';

const RULES: Record<FileLoadingKind, GuardRule> = {
  'path-attribute': 'module-path-added',
  'module-file': 'module-file-added',
  'include-macro': 'include-macro-added',
};

/** Every file-loading construct of the candidate that the original did not have (compared as a multiset of texts). */
export function compareFileLoading(before: readonly FileLoadingConstruct[], after: readonly FileLoadingConstruct[]): Array<{ rule: GuardRule; line: number; message: string }> {
  const remaining = new Map<string, number>();
  for (const construct of before) remaining.set(key(construct), (remaining.get(key(construct)) ?? 0) + 1);
  const added: Array<{ rule: GuardRule; line: number; message: string }> = [];
  for (const construct of after) {
    const left = remaining.get(key(construct)) ?? 0;
    if (left > 0) remaining.set(key(construct), left - 1);
    else added.push({ rule: RULES[construct.kind], line: construct.line, message: describe(construct) });
  }
  return added;
}

function key(construct: FileLoadingConstruct): string {
  return `${construct.kind} ${construct.text}`;
}

function describe(construct: FileLoadingConstruct): string {
  const shown = construct.text.replace(/ (?=[!()[\];,])/g, '').replace(/([#!([]) /g, '$1');
  const literal = /"((?:[^"\\]|\\.)*)"/.exec(construct.text)?.[1];
  const name = /^mod (\S+)/.exec(construct.text)?.[1] ?? '';
  const read = construct.kind === 'module-file' ? `${name}.rs (or ${name}/mod.rs)` : literal ?? 'another file';
  const verb = construct.kind === 'include-macro' ? 'read' : 'compile';
  return `${shown} added: it makes the crate ${verb} ${read}, a file the candidate may not edit and the guard never checks; keep new lemmas in this file instead`;
}
