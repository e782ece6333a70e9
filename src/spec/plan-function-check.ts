import type { FunctionItem } from '../ir/index.js';
import { adaptSpecText } from './adapt-spec-text.js';
import type { ExecType } from './exec-type.js';
import type { ClausePlan, ParameterPlan, PlannedFunction } from './function-check-plan.js';
import { parseExecType } from './parse-exec-type.js';
import { findCalls, type SpecFunctionSource } from './spec-function-source.js';

/**
 * Decides how the harness calls `fn` and turns each requires/ensures expression into a spec fn
 * for the macro. A function the harness cannot call (generic, a method, a parameter type with no
 * generator) or whose requires cannot all be checked is not executable, with the reason: with a
 * requires missing, inputs that violate it would give false counterexamples.
 */
export function planFunctionCheck(fn: FunctionItem, file: string, index: number, specFunctions: ReadonlyMap<string, SpecFunctionSource>): PlannedFunction {
  const base = { name: fn.qualifiedName, file, line: fn.nameSpan.lineStart };
  const refuse = (reason: string, clauses: ClausePlan[] = []): PlannedFunction => ({ kind: 'not-executable', ...base, reason, clauses });
  if (fn.generics !== null || fn.whereClause !== null) return refuse(`generic function ${fn.generics?.text ?? ''}: generic and trait-generic code has no single exec instance to run`.replace('  ', ' '));
  if (fn.owner !== null) return refuse('a method: the harness calls free functions only');
  if (fn.qualifiers.some((qualifier) => qualifier === 'async' || qualifier === 'unsafe' || qualifier.startsWith('extern'))) return refuse(`an ${fn.qualifiers.join(' ')} function: the harness calls safe, synchronous functions only`);
  const parameters: ParameterPlan[] = [];
  for (const parameter of fn.parameters) {
    if (parameter.mode !== 'exec') return refuse(`parameter ${parameter.name} is ${parameter.mode}: ghost and tracked values do not exist at run time`);
    const parsed = parseExecType(parameter.type?.text ?? '');
    if (!parsed.ok) return refuse(`parameter ${parameter.name}: ${parsed.reason}`);
    if (!/^[A-Za-z_]\w*$/.test(parameter.name)) return refuse(`parameter ${parameter.name}: a destructuring pattern`);
    parameters.push({ name: parameter.name, type: parsed.type, passing: parsed.passing });
  }
  let resultType: ExecType = { kind: 'unit' };
  if (fn.returnValue !== null) {
    const parsed = parseExecType(fn.returnValue.type.text);
    if (!parsed.ok) return refuse(`the result: ${parsed.reason}`);
    if (parsed.passing !== 'value') return refuse('the result is a reference: the harness cannot keep it beyond the call');
    resultType = parsed.type;
  }
  const clauses = planClauses(fn, index, parameters, specFunctions);
  for (const clause of clauses.filter((entry) => entry.reference.kind === 'requires')) {
    const reason = clauseRefusal(clause, specFunctions);
    if (reason !== null) return refuse(describeMissingRequires(clause.reference.index, reason), clauses);
  }
  const modulePath = [...modulePathOfFile(file), ...fn.modulePath];
  return {
    kind: 'plan',
    plan: { index, ...base, callPath: ['crate', ...modulePath, fn.name].join('::'), parameters, result: { name: fn.returnValue?.name ?? null, type: resultType }, clauses },
  };
}

function planClauses(fn: FunctionItem, index: number, parameters: ParameterPlan[], specFunctions: ReadonlyMap<string, SpecFunctionSource>): ClausePlan[] {
  const mutable = parameters.filter((parameter) => parameter.passing === 'mutable').map((parameter) => parameter.name);
  const plans: ClausePlan[] = [];
  for (const clause of fn.clauses) {
    if (clause.kind !== 'requires' && clause.kind !== 'ensures') continue;
    const kind = clause.kind;
    // In requires, old(x) is x itself; in ensures it is the value before the call.
    const oldNames = new Map(mutable.map((name) => [name, kind === 'requires' ? name : `old_${name}`]));
    for (const expression of clause.expressions) {
      const adapted = adaptSpecText(expression.text, { oldNames });
      plans.push({
        id: `vr_f${index}_${kind}_${expression.index}`,
        reference: { kind, index: expression.index, text: expression.text, line: expression.span.lineStart },
        adapted,
        dependencies: adapted.ok ? closeCalls(adapted.text, specFunctions) : [],
      });
    }
  }
  return plans;
}

/** Why a clause cannot become a check before any build: its own text, or a spec fn it calls (transitively). */
export function clauseRefusal(clause: Pick<ClausePlan, 'adapted' | 'dependencies'>, specFunctions: ReadonlyMap<string, SpecFunctionSource>): string | null {
  if (!clause.adapted.ok) return clause.adapted.reason;
  for (const name of clause.dependencies) {
    const source = specFunctions.get(name)?.source;
    if (source !== undefined && !source.ok) return `uses spec fn ${name}, which is not executable: ${source.reason}`;
  }
  return null;
}

/** A requires that is not a check makes the whole function unrunnable: inputs violating it would give false counterexamples. */
export function describeMissingRequires(index: number, reason: string): string {
  return `requires[${index}] is not executable (${reason}); without every requires the inputs cannot be filtered`;
}

export function closeCalls(text: string, specFunctions: ReadonlyMap<string, SpecFunctionSource>): string[] {
  const names = [...specFunctions.keys()];
  const found = new Set<string>();
  const pending = findCalls(text, names);
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    pending.push(...(specFunctions.get(name)?.calls ?? []));
  }
  return [...found].sort();
}

/** `src/lib.rs` → [], `src/a.rs` and `src/a/mod.rs` → ['a'], `src/a/b.rs` → ['a', 'b']. */
export function modulePathOfFile(file: string): string[] {
  const segments = file.replace(/^src\//, '').replace(/\.rs$/, '').split('/');
  if (segments[segments.length - 1] === 'mod') segments.pop();
  if (segments.length === 1 && (segments[0] === 'lib' || segments[0] === 'main')) return [];
  return segments;
}
