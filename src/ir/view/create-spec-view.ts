import type { ClauseKind } from '../clause.js';
import type { FunctionItem } from '../function-item.js';
import { renderNormalizedTokens } from './render-normalized-tokens.js';
import { tokenRangeOfSpan } from '../span/token-range-of-span.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** What a function promises and assumes, as canonical text (see createSpecView). */
export interface SpecView {
  function: string;
  mode: string;
  /** Mode words, name, generics, all parameters (ghost and tracked included), return value with its name, where clause. */
  signature: string;
  /** Every outer attribute (`#[verifier::external_body]`, `#[verifier::opaque]`...), canonical, in order. */
  attributes: string[];
  /** The function's clauses in source order, each expression canonical. Loop invariants are proof, not spec: not here. */
  clauses: Array<{ kind: ClauseKind; expressions: string[] }>;
  /** The body of a spec function (its definition); null for exec and proof functions. */
  body: string | null;
  /** The whole view as one string, for equality checks. */
  text: string;
}

/**
 * The function's specification rendered canonically (comments and layout ignored, every token
 * significant, `#[trigger]` annotations kept). Two versions of a function have equal spec views
 * exactly when their signatures, attributes, clauses (and spec bodies) are the same tokens.
 */
export function createSpecView(ir: VerusFileIr, fn: FunctionItem): SpecView {
  const tokens = ir.tokens;
  const render = (span: { byteStart: number; byteEnd: number }) => renderNormalizedTokens(tokens, ...tokenRangeOfSpan(ir, span));
  const signature = render(fn.signatureSpan);
  const attributes = fn.attributes.map((attribute) => render(attribute.span));
  const clauses = fn.clauses.map((clause) => ({ kind: clause.kind, expressions: clause.expressions.map((expression) => render(expression.span)) }));
  const body = fn.baseMode === 'spec' && fn.body !== null ? render(fn.body.span) : null;
  const text = [
    `mode ${fn.mode}`,
    `signature ${signature}`,
    ...attributes.map((attribute) => `attribute ${attribute}`),
    ...clauses.map((clause) => `${clause.kind} ${clause.expressions.join(' , ')}`),
    ...(body === null ? [] : [`body ${body}`]),
  ].join('\n');
  return { function: fn.qualifiedName, mode: fn.mode, signature, attributes, clauses, body, text };
}
