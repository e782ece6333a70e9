import { SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import { namesInSpecExpression } from './names-in-spec-expression.js';
import { describeSpecType, integerRange, type IntegerTypeName } from '../types/spec-type.js';
import type { SpecTranslator, Translated } from './spec-translator.js';

type Quantifier = Extract<SpecExpression, { kind: 'quantifier' }>;
type Comparison = Extract<SpecExpression, { kind: 'comparison' }>;
interface Bound {
  operand: SpecExpression;
  strict: boolean;
}

const SMALL_TYPES: ReadonlySet<string> = new Set(['u8', 'u16', 'i8', 'i16']);

/**
 * A quantifier as the loop vstd's macro compiles it: `forall|i: i128| L <= i < U ==> (body)`.
 * The range [L, U) of each binder comes from a comparison in the guard (the premises of a forall's
 * `==>`, the conjuncts of an exists) that bounds it by operands not mentioning it or a later binder,
 * and is clamped to the binder type's own values (a `nat` binder starts at 0). The whole original
 * body, guard included, stays the condition, so the range only has to contain every value the guard
 * admits: the result is the spec's, whatever the guard's shape. A binder the guard leaves unbounded
 * is searched over a window of QUANTIFIER_WINDOW values, which decides only one way: an exists that
 * finds a witness is true, a forall that finds a counterexample false; otherwise the evaluation
 * panics (vr_undecided), so such an input is skipped, never judged.
 */
export function translateQuantifier(translator: SpecTranslator, quantifier: Quantifier): Translated {
  const binders = quantifier.binders.map((binder) => {
    const type = translator.resolveType(binder.type);
    if (type.kind !== 'int') throw new SpecTranslationRefusal(`quantifier over ${describeSpecType(type)}: only integer binders are translated`);
    return { name: binder.name, type: type.name, untyped: binder.untyped === true };
  });
  const guards = candidateGuards(quantifier);
  let scope = translator;
  const ranges: string[] = [];
  let windowed = false;
  binders.forEach((binder, position) => {
    const unbound = new Set(binders.slice(position).map((entry) => entry.name));
    const { lower, upper } = findBounds(binder.name, guards, unbound);
    const clamped = clampToType(binder.type, lower === null ? null : boundText(scope, lower, 'lower'), upper === null ? null : boundText(scope, upper, 'upper'), lower?.operand, upper?.operand);
    const bounded = clamped.lower !== null && clamped.upper !== null;
    // Verus may have inferred a narrower type for an untyped binder: a window past the guard could then hold values outside it.
    if (!bounded && binder.untyped) throw new SpecTranslationRefusal(`unbounded quantifier: ${quantifier.quantifier} over the untyped ${binder.name} has no guard lower <= ${binder.name} < upper, and its type is not written`);
    windowed ||= !bounded;
    const range = searchWindow(binder.type, clamped.lower, clamped.upper);
    ranges.push(`${range.lower} <= ${binder.name} < ${range.upper}`);
    scope = scope.with(new Map([[binder.name, { text: binder.name, type: { kind: 'int', name: binder.type } }]]));
  });
  // vr_step() is true or panics past the step budget (spec-value-helpers.ts): the value is the body's.
  const body = `vr_step() && (${scope.bool(quantifier.body)})`;
  const declared = binders.map((binder) => `${binder.name}: i128`).join(', ');
  const joiner = quantifier.quantifier === 'forall' ? '==>' : '&&';
  const text = `(${quantifier.quantifier}|${declared}| ${ranges.join(' && ')} ${joiner} (${body}))`;
  if (!windowed) return { text, type: { kind: 'bool' } };
  // Over a window only a witness (exists) or a counterexample (forall) decides; otherwise evaluation panics (vr_undecided), never a verdict.
  return { text: quantifier.quantifier === 'exists' ? `(${text} || vr_undecided())` : `(${text} && vr_undecided())`, type: { kind: 'bool' } };
}

/** A forall's premises (`A && B ==> C ==> body`: A, B, C), an exists' conjuncts. */
function candidateGuards(quantifier: Quantifier): Comparison[] {
  const conjuncts = (expression: SpecExpression): SpecExpression[] => (expression.kind === 'binary' && expression.operator === '&&' ? [...conjuncts(expression.left), ...conjuncts(expression.right)] : [expression]);
  const found: SpecExpression[] = [];
  if (quantifier.quantifier === 'exists') found.push(...conjuncts(quantifier.body));
  else for (let body = quantifier.body; body.kind === 'binary' && body.operator === '==>'; body = body.right) found.push(...conjuncts(body.left));
  return found.filter((entry): entry is Comparison => entry.kind === 'comparison');
}

function findBounds(name: string, guards: Comparison[], unbound: ReadonlySet<string>): { lower: Bound | null; upper: Bound | null } {
  let lower: Bound | null = null;
  let upper: Bound | null = null;
  for (const guard of guards) {
    const ascending = guard.operators[0]!.startsWith('<');
    guard.operands.forEach((operand, position) => {
      if (!(operand.kind === 'path' && operand.segments.length === 1 && operand.segments[0] === name)) return;
      const before = nearest(guard, position, -1, unbound);
      const after = nearest(guard, position, 1, unbound);
      const [below, above] = ascending ? [before, after] : [after, before];
      lower ??= below;
      upper ??= above;
    });
  }
  return { lower, upper };
}

/** The nearest operand in one direction that mentions no unbound binder, and whether a strict operator lies between. */
function nearest(guard: Comparison, from: number, step: 1 | -1, unbound: ReadonlySet<string>): Bound | null {
  for (let position = from + step; position >= 0 && position < guard.operands.length; position += step) {
    const operand = guard.operands[position]!;
    if ([...namesInSpecExpression(operand)].some((name) => unbound.has(name))) continue;
    const between = guard.operators.slice(Math.min(from, position), Math.max(from, position));
    return { operand, strict: between.some((operator) => operator === '<' || operator === '>') };
  }
  return null;
}

/** An inclusive lower or exclusive upper bound, in the wide form. */
function boundText(scope: SpecTranslator, bound: Bound, side: 'lower' | 'upper'): string {
  const value = scope.wide(bound.operand).text;
  const inclusive = side === 'lower' ? !bound.strict : bound.strict;
  return inclusive ? value : `vr_add(${value}, 1i128)`;
}

function clampToType(type: IntegerTypeName, lower: string | null, upper: string | null, lowerOperand: SpecExpression | undefined, upperOperand: SpecExpression | undefined): { lower: string | null; upper: string | null } {
  const range = integerRange(type, 'target');
  const fixed = type !== 'int' && type !== 'nat';
  const minimum = range.min === null ? null : fixed ? `vr_int(${type}::MIN)` : '0i128';
  const end = fixed ? `vr_add(vr_int(${type}::MAX), 1i128)` : null;
  const literal = (operand: SpecExpression | undefined) => (operand?.kind === 'integer' ? operand.value : null);
  const lowLiteral = literal(lowerOperand);
  const highLiteral = literal(upperOperand);
  const low = lower === null ? minimum : minimum === null || (lowLiteral !== null && range.min !== null && lowLiteral >= range.min) ? lower : `vr_max(${lower}, ${minimum})`;
  const high = upper === null ? (SMALL_TYPES.has(type) ? end : null) : end === null || (highLiteral !== null && range.max !== null && highLiteral <= range.max) ? upper : `vr_min(${upper}, ${end})`;
  return { lower: low, upper: high };
}

/** How far past its one known bound (or around 0, with none) an unbounded binder is searched. */
export const QUANTIFIER_WINDOW = 1000;

/** The values tried for a binder: its bounds where known (then unchanged), a window within its type on a side the guard leaves open. */
function searchWindow(type: IntegerTypeName, lower: string | null, upper: string | null): { lower: string; upper: string } {
  const range = integerRange(type, 'target');
  const fixed = type !== 'int' && type !== 'nat';
  const low = lower ?? (upper === null ? `${-QUANTIFIER_WINDOW / 2}i128` : `vr_sub(${upper}, ${QUANTIFIER_WINDOW}i128)`);
  const high = upper ?? (lower === null ? `${QUANTIFIER_WINDOW / 2}i128` : `vr_add(${lower}, ${QUANTIFIER_WINDOW}i128)`);
  const clampedLow = range.min === null || lower !== null ? low : fixed ? `vr_max(${low}, vr_int(${type}::MIN))` : `vr_max(${low}, 0i128)`;
  const clampedHigh = range.max === null || upper !== null ? high : `vr_min(${high}, vr_add(vr_int(${type}::MAX), 1i128))`;
  return { lower: clampedLow, upper: clampedHigh };
}
