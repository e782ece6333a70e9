import type { Adaptation } from './adaptation.js';
import { adaptQuantifiers } from './adapt-quantifiers.js';
import type { SpecScope } from '../types/spec-scope.js';
import { translateSpecText } from './translate-spec-text.js';

export interface AdaptOptions {
  /** What `old(x)` becomes for each `&mut` parameter x (in ensures: the value before the call). */
  oldNames: ReadonlyMap<string, string>;
  /** The clause's variables and the crate's spec fns and structs, typed: with it the typed translation runs (translateSpecText). */
  scope?: SpecScope;
  /** The name items lifted out of the clause are named after (its spec fn's name in the harness). */
  liftPrefix?: string;
}

const CLOSURE = /(?:^|[(,=!{]|&&|\|\||==>)\s*(?:move\s*)?\|[^|]*\|/;
const RECEIVER = String.raw`([A-Za-z_]\w*@?(?:\.\w+(?:\(\))?)*)`;

/**
 * Rewrites a requires/ensures expression into what exec_spec_unverified! compiles. With a typed
 * scope it is the typed translation (translateSpecText: int/nat in i128, exact casts, Euclidean
 * division, chained comparisons, `matches` bindings, struct fields and methods). Without one (what
 * instrumentLoopInvariants asks for; generateHarness then tries the typed translation over the
 * probe's variables first) it adds only what the macro lacks, textually:
 * `old(x)`/`final(x)` of `&mut` parameters, the Option tests `is_some()`/`is_none()`/`is Some`/`is None`
 * (as `matches`), and quantifier binders and guards (adaptQuantifiers). Constructs with no exec
 * counterpart are refused with the reason.
 */
export function adaptSpecText(text: string, options: AdaptOptions): Adaptation {
  if (options.scope !== undefined) return translateSpecText(text, { ...options.scope, oldNames: options.oldNames }, { kind: 'bool' }, options.liftPrefix ?? null);
  if (/\bchoose\s*\|/.test(text)) return { ok: false, reason: 'choose has no exec counterpart: it picks a value satisfying a predicate, which exec code cannot search for in general' };
  const withoutQuantifierHeads = text.replace(/\b(forall|exists)\s*\|[^|]*\|/g, '$1 ');
  if (CLOSURE.test(withoutQuantifierHeads)) return { ok: false, reason: 'closures (spec_fn values) have no exec counterpart in vstd exec_spec' };
  const rewritten = text
    .replace(/\bold\(\s*([A-Za-z_]\w*)\s*\)/g, (whole, name: string) => options.oldNames.get(name) ?? name)
    .replace(/\bfinal\(\s*([A-Za-z_]\w*)\s*\)/g, '$1')
    .replace(new RegExp(String.raw`${RECEIVER}\.is_some\(\)`, 'g'), '($1 matches Some(_))')
    .replace(new RegExp(String.raw`${RECEIVER}\.is_none\(\)`, 'g'), '($1 matches None)')
    .replace(new RegExp(String.raw`${RECEIVER}\s+is\s+Some\b`, 'g'), '($1 matches Some(_))')
    .replace(new RegExp(String.raw`${RECEIVER}\s+is\s+None\b`, 'g'), '($1 matches None)');
  return adaptQuantifiers(rewritten);
}
