import type { ExecType } from '../types/exec-type.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import type { MinedLiterals } from './mine-literals.js';

/** The variables a harness run reads its seed literals from (runtime::seed_integers, runtime::seed_chars). */
export const SEED_INTEGERS_VARIABLE = 'VERUS_REPAIR_SEED_INTEGERS';
export const SEED_CHARS_VARIABLE = 'VERUS_REPAIR_SEED_CHARS';

/**
 * The `seeds` closure of a function's runtime::Check (pure): inputs that differ from the simplest one
 * (`b`, every parameter at its type's first small value) in one parameter, set to a literal of the
 * function's code or spec (mineLiterals) or, for an integer, one next to it (a bound's off-by-one).
 * A vector or string parameter gets the one-element value. Literals that do not fit the parameter's
 * type are skipped at run time (try_from). The runtime takes a share of the budget for them.
 *
 * The literals are not compiled in: the harness reads them when it runs (seedLiteralsEnvironment),
 * so the harness of a function is the same program for each of its mutants, whose constants differ,
 * and one build of it serves a whole review.
 */
export function seedInputsCode(plan: FunctionCheckPlan): string {
  const statements: string[] = [];
  plan.parameters.forEach((parameter, position) => {
    const statement = seedStatement(parameter.type, `c.${position}`);
    if (statement !== null) statements.push(statement);
  });
  return statements.length === 0 ? '|_| Vec::new()' : `|b| { let mut out = Vec::new(); ${statements.join(' ')} out }`;
}

/** The run's environment that hands the harness its literals, in the order seedInputsCode tries them. */
export function seedLiteralsEnvironment(literals: MinedLiterals): Record<string, string> {
  return { [SEED_INTEGERS_VARIABLE]: neighbours(literals.integers).join(','), [SEED_CHARS_VARIABLE]: literals.chars.map(charCodePoint).join(',') };
}

/** A loop that sets one parameter to each literal of its kind in turn, pushing the input when the value fits. */
function seedStatement(type: ExecType, target: string): string | null {
  const integers = (name: string, value: string) => `for v in runtime::seed_integers() { if let Ok(v) = <${name}>::try_from(v) { let mut c = b.clone(); ${target} = ${value}; out.push(c); } }`;
  const chars = (value: string) => `for v in runtime::seed_chars() { let mut c = b.clone(); ${target} = ${value}; out.push(c); }`;
  switch (type.kind) {
    case 'char':
      return chars('v');
    case 'int':
      return integers(type.name, 'v');
    case 'string':
      return chars('String::from(v)');
    case 'vec': {
      const element = type.element;
      if (element.kind === 'char') return chars('vec![v]');
      if (element.kind === 'int') return integers(element.name, 'vec![v]');
      return null;
    }
    default:
      return null;
  }
}

/** The code point of a char literal as mineLiterals reads them: one character, or an escape it allows. */
function charCodePoint(literal: string): number {
  const body = literal.slice(1, -1);
  if (!body.startsWith('\\')) return body.codePointAt(0)!;
  const escape = body.slice(1);
  const simple: Record<string, number> = { n: 10, r: 13, t: 9, '0': 0, '\\': 92, "'": 39, '"': 34 };
  if (escape in simple) return simple[escape]!;
  if (escape.startsWith('x')) return Number.parseInt(escape.slice(1), 16);
  return Number.parseInt(escape.slice(2, -1), 16);
}

/** Each literal, then the ones next to each (n - 1, n + 1), distinct, in that order, within i128. */
function neighbours(values: readonly bigint[]): bigint[] {
  const out: bigint[] = [];
  const limit = (1n << 127n) - 1n;
  for (const value of [...values, ...values.flatMap((entry) => [entry - 1n, entry + 1n])]) if (value <= limit && value >= -limit && !out.includes(value)) out.push(value);
  return out;
}
