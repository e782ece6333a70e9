import type { FunctionItem } from '../../ir/index.js';

/**
 * Whether the function's contract can be restated as a free `proof fn` over its parameters: no
 * receiver, owner or generics, and every parameter an exec value with a type and no `&mut`.
 */
export function canRestateAsFreeLemma(fn: FunctionItem): boolean {
  return fn.owner === null && fn.generics === null && fn.parameters.every((parameter) => !parameter.isSelf && parameter.mode === 'exec' && parameter.type !== null && !/&\s*mut\b/.test(parameter.type.text));
}

/** The parameters of such a lemma: the function's own, as `pattern: Type`. */
export function freeLemmaParameters(fn: FunctionItem): string[] {
  return fn.parameters.map((parameter) => `${parameter.pattern.text}: ${parameter.type?.text}`);
}

/** `proof fn name(parameters) requires .. ensures .. {}`, a clause kind left out when it has no expressions. */
export function renderFreeLemma(name: string, parameters: readonly string[], requires: readonly string[], ensures: readonly string[]): string {
  return [
    `proof fn ${name}(${parameters.join(', ')})`,
    ...(requires.length === 0 ? [] : ['    requires', ...requires.map((text) => `        ${text},`)]),
    ...(ensures.length === 0 ? [] : ['    ensures', ...ensures.map((text) => `        ${text},`)]),
    '{',
    '}',
  ].join('\n');
}
