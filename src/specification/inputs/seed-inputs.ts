import type { ExecType } from '../types/exec-type.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import type { MinedLiterals } from './mine-literals.js';

/**
 * The `seeds` closure of a function's runtime::Check (pure): inputs that differ from the simplest one
 * (`b`, every parameter at its type's first small value) in one parameter, set to a literal of the
 * function's code or spec (mineLiterals) or, for an integer, one next to it (a bound's off-by-one).
 * A vector or string parameter gets the one-element value. Literals that do not fit the parameter's
 * type are skipped at run time (try_from). The runtime takes a share of the budget for them.
 */
export function seedInputsCode(plan: FunctionCheckPlan, literals: MinedLiterals): string {
  const statements: string[] = [];
  plan.parameters.forEach((parameter, position) => {
    for (const value of valuesFor(parameter.type, literals)) statements.push(`{ let mut c = b.clone(); ${value.check(`c.${position}`)} }`);
  });
  return statements.length === 0 ? '|_| Vec::new()' : `|b| { let mut out = Vec::new(); ${statements.join(' ')} out }`;
}

/** How to set one parameter to one seed: a statement that assigns it and pushes the input when the value fits. */
interface SeedValue {
  check: (target: string) => string;
}

function valuesFor(type: ExecType, literals: MinedLiterals): SeedValue[] {
  switch (type.kind) {
    case 'char':
      return literals.chars.map((text) => ({ check: (target) => `${target} = ${text}; out.push(c);` }));
    case 'int':
      return neighbours(literals.integers).map((value) => ({ check: (target) => `if let Ok(v) = <${type.name}>::try_from(${value}i128) { ${target} = v; out.push(c); }` }));
    case 'string':
      return literals.chars.map((text) => ({ check: (target) => `${target} = String::from(${text}); out.push(c);` }));
    case 'vec': {
      const element = type.element;
      if (element.kind === 'char') return literals.chars.map((text) => ({ check: (target) => `${target} = vec![${text}]; out.push(c);` }));
      if (element.kind === 'int') return neighbours(literals.integers).map((value) => ({ check: (target) => `if let Ok(v) = <${element.name}>::try_from(${value}i128) { ${target} = vec![v]; out.push(c); }` }));
      return [];
    }
    default:
      return [];
  }
}

/** Each literal, then the ones next to each (n - 1, n + 1), distinct, in that order, within i128. */
function neighbours(values: readonly bigint[]): bigint[] {
  const out: bigint[] = [];
  const limit = (1n << 127n) - 1n;
  for (const value of [...values, ...values.flatMap((entry) => [entry - 1n, entry + 1n])]) if (value <= limit && value >= -limit && !out.includes(value)) out.push(value);
  return out;
}
