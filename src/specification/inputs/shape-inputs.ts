import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import { parseSpecExpression } from '../syntax/parse-spec-expression.js';
import type { SpecExpression } from '../syntax/spec-syntax.js';

/** The longest vector a length equation resizes an input to: longer ones would crowd out the rest of the budget. */
export const MAX_SHAPED_LENGTH = 64;

/** One side of a length equation, as the harness can set it. */
type Term =
  | { kind: 'length'; position: number }
  | { kind: 'integer'; position: number; type: string }
  | { kind: 'literal'; value: bigint };

/**
 * The `shape` closure of a function's runtime::Check (pure): it rewrites a generated input so that
 * it meets the length equations among the requires' top-level conjuncts, `old(a).len() == N`,
 * `a.len() == b.len()`, `s.len() == 1`, before the requires filter it. Without it, random vectors
 * and integers almost never agree (Verus-Bench's Diffy programs take `a: Vec<i32>, N: i32` with
 * `a.len() == N`, and no input of 20 met their requires). An equation sets the side not yet set
 * from the one that is: an integer parameter takes a vector's length, a vector is cut or extended
 * (with its element type's simplest values) to a length. The requires are still evaluated on
 * every input, so a shape that misses (a length that does not fit the integer's type, a longer
 * vector than MAX_SHAPED_LENGTH, an equation under a disjunction) only costs inputs, never gives
 * a false counterexample.
 */
export function shapeInputsCode(plan: FunctionCheckPlan): string {
  const statements: string[] = [];
  const set = new Set<string>();
  for (const clause of plan.clauses) {
    if (clause.reference.kind !== 'requires') continue;
    for (const [left, right] of lengthEquations(clause.reference.text, plan)) {
      const statement = shapeStatement(left, right, set) ?? shapeStatement(right, left, set);
      if (statement !== null) statements.push(statement);
    }
  }
  return statements.length === 0 ? '|_| {}' : `|i| { ${statements.join(' ')} }`;
}

/** The statement that sets `target` from `source` (source already set, or a literal or vector length), marking both set; null when nothing can be set that way. */
function shapeStatement(source: Term, target: Term, set: Set<string>): string | null {
  const key = (term: Term) => (term.kind === 'literal' ? null : `${term.kind === 'length' ? 'v' : 'n'}${term.position}`);
  const sourceKey = key(source);
  const targetKey = key(target);
  if (target.kind === 'literal' || targetKey === null || set.has(targetKey)) return null;
  // A vector's length is a value of its own; an integer not yet set is not.
  if (source.kind === 'integer' && !set.has(sourceKey!)) return null;
  const length = source.kind === 'literal' ? `${source.value}usize` : source.kind === 'length' ? `i.${source.position}.len()` : `i.${source.position}`;
  let statement: string;
  if (target.kind === 'integer') {
    statement = source.kind === 'literal' ? `if let Ok(v) = <${target.type}>::try_from(${source.value}i128) { i.${target.position} = v; }` : `if let Ok(v) = <${target.type}>::try_from(${length}) { i.${target.position} = v; }`;
  } else {
    if (source.kind === 'literal' && (source.value < 0n || source.value > BigInt(MAX_SHAPED_LENGTH))) return null;
    statement = `if let Ok(n) = usize::try_from(${length}) { if n <= ${MAX_SHAPED_LENGTH} { runtime::resize(&mut i.${target.position}, n); } }`;
  }
  if (sourceKey !== null) set.add(sourceKey);
  set.add(targetKey);
  return statement;
}

/** The `==` conjuncts of a requires whose both sides are terms, at least one a vector's length. */
function lengthEquations(text: string, plan: FunctionCheckPlan): Array<[Term, Term]> {
  let expression: SpecExpression;
  try {
    expression = parseSpecExpression(text);
  } catch {
    return [];
  }
  const equations: Array<[Term, Term]> = [];
  for (const conjunct of conjuncts(expression)) {
    if (conjunct.kind !== 'binary' || conjunct.operator !== '==') continue;
    const left = readTerm(conjunct.left, plan);
    const right = readTerm(conjunct.right, plan);
    if (left !== null && right !== null && (left.kind === 'length' || right.kind === 'length')) equations.push([left, right]);
  }
  return equations;
}

function conjuncts(expression: SpecExpression): SpecExpression[] {
  return expression.kind === 'binary' && expression.operator === '&&' ? [...conjuncts(expression.left), ...conjuncts(expression.right)] : [expression];
}

function readTerm(expression: SpecExpression, plan: FunctionCheckPlan): Term | null {
  if (expression.kind === 'integer') return { kind: 'literal', value: expression.value };
  if (expression.kind === 'cast') return readTerm(expression.operand, plan);
  if (expression.kind === 'method' && expression.name === 'len' && expression.args.length === 0) {
    const position = parameterPosition(expression.receiver, plan);
    return position !== null && plan.parameters[position]!.type.kind === 'vec' ? { kind: 'length', position } : null;
  }
  const position = parameterPosition(expression, plan);
  const type = position === null ? null : plan.parameters[position]!.type;
  return position !== null && type?.kind === 'int' ? { kind: 'integer', position, type: type.name } : null;
}

/** The parameter an expression denotes: `a`, `a@`, `*a`, `old(a)`, `old(a)@`. */
function parameterPosition(expression: SpecExpression, plan: FunctionCheckPlan): number | null {
  if (expression.kind === 'view' || (expression.kind === 'unary' && expression.operator === '*')) return parameterPosition(expression.kind === 'view' ? expression.base : expression.operand, plan);
  if (expression.kind === 'call' && expression.callee.kind === 'path' && expression.callee.segments.join('::') === 'old' && expression.args.length === 1) return parameterPosition(expression.args[0]!, plan);
  if (expression.kind !== 'path' || expression.segments.length !== 1) return null;
  const position = plan.parameters.findIndex((parameter) => parameter.name === expression.segments[0] && parameter.name !== 'self');
  return position < 0 ? null : position;
}
