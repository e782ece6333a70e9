import type { FunctionItem, Parameter } from '../../ir/index.js';
import { adaptSpecText } from '../translate/adapt-spec-text.js';
import { specTypeOfExec, type ExecType } from '../types/exec-type.js';
import type { ClausePlan, FunctionCheckPlan, ParameterPlan, PlannedFunction } from './function-check-plan.js';
import { macroSafeName } from '../types/macro-safe-name.js';
import { modulePathOfFile } from '../harness/module-path-of-file.js';
import { parseExecType, type StructResolver } from '../types/parse-exec-type.js';
import { crateSpecScope, findCalls, structsIn, type SpecFunctionSource } from '../types/spec-function-source.js';
import type { SpecType } from '../types/spec-type.js';

/**
 * Decides how the harness calls `fn` and turns each requires/ensures expression into a spec fn
 * for the macro. A function the harness cannot call (generic, a trait method, a parameter type with
 * no generator) or whose requires cannot all be checked is not executable, with the reason: with a
 * requires missing, inputs that violate it would give false counterexamples. A method is called
 * with its receiver first (`Type::name(&s, ..)`); a struct value is built from generated fields.
 */
export function planFunctionCheck(fn: FunctionItem, file: string, index: number, specFunctions: ReadonlyMap<string, SpecFunctionSource>): PlannedFunction {
  const base = { name: fn.qualifiedName, file, line: fn.nameSpan.lineStart };
  const refuse = (reason: string, clauses: ClausePlan[] = []): PlannedFunction => ({ kind: 'not-executable', ...base, reason, clauses });
  if (fn.generics !== null || fn.whereClause !== null) return refuse(`generic function ${fn.generics?.text ?? ''}: generic and trait-generic code has no single exec instance to run`.replace('  ', ' '));
  if (fn.owner?.kind === 'trait') return refuse('a trait method: the harness calls functions and methods of structs');
  if (fn.owner?.kind === 'impl' && fn.owner.traitName !== null) return refuse(`a method of trait ${fn.owner.traitName}'s impl: its requires and ensures are the trait's`);
  const selfType = fn.owner?.kind === 'impl' ? fn.owner.selfType.trim() : null;
  if (selfType !== null && /[<&]/.test(selfType)) return refuse(`a method of ${selfType}: the harness calls methods of non-generic structs only`);
  if (fn.qualifiers.some((qualifier) => qualifier === 'async' || qualifier === 'unsafe' || qualifier.startsWith('extern'))) return refuse(`an ${fn.qualifiers.join(' ')} function: the harness calls safe, synchronous functions only`);
  const structs = structResolver(specFunctions, selfType?.split('::').pop() ?? null);
  const parameters: ParameterPlan[] = [];
  for (const parameter of fn.parameters) {
    if (parameter.mode !== 'exec') return refuse(`parameter ${parameter.name} is ${parameter.mode}: ghost and tracked values do not exist at run time`);
    const parsed = parameter.isSelf ? parseReceiver(parameter, structs) : parseExecType(parameter.type?.text ?? '', structs);
    if (!parsed.ok) return refuse(`${parameter.isSelf ? 'the receiver' : `parameter ${parameter.name}`}: ${parsed.reason}`);
    if (!parameter.isSelf && !/^[A-Za-z_]\w*$/.test(parameter.name)) return refuse(`parameter ${parameter.name}: a destructuring pattern`);
    parameters.push({ name: parameter.name, specName: parameter.isSelf ? 'vr_self' : macroSafeName(parameter.name), type: parsed.type, passing: parsed.passing });
  }
  const nested = parameters.find((parameter) => containsStruct(parameter.type, true));
  if (nested !== undefined) return refuse(`parameter ${nested.name}: a struct inside a Vec, Option or tuple is not generated (a struct parameter is)`);
  let resultType: ExecType = { kind: 'unit' };
  if (fn.returnValue !== null) {
    const parsed = parseExecType(fn.returnValue.type.text, structs);
    if (!parsed.ok) return refuse(`the result: ${parsed.reason}`);
    if (parsed.passing !== 'value') return refuse('the result is a reference: the harness cannot keep it beyond the call');
    if (containsStruct(parsed.type, true)) return refuse('the result: a struct inside a Vec, Option or tuple is not read back (a struct result is)');
    resultType = parsed.type;
  }
  const resultName = fn.returnValue?.name ?? null;
  const result = { name: resultName, ...(resultName === null ? {} : { specName: macroSafeName(resultName) }), type: resultType };
  const clauses = planClauses(fn, index, parameters, result, specFunctions);
  for (const clause of clauses.filter((entry) => entry.reference.kind === 'requires')) {
    const reason = clauseRefusal(clause, specFunctions);
    if (reason !== null) return refuse(describeMissingRequires(clause.reference.index, reason), clauses);
  }
  const modulePath = [...modulePathOfFile(file), ...fn.modulePath];
  // The harness module is a child of the crate root: it sees the root's private items, not another module's.
  const throughShim = modulePath.length > 0 && fn.visibility !== 'pub' && fn.visibility !== 'pub(crate)';
  const name = throughShim ? `vr_spec_check_call_${fn.name}` : fn.name;
  const owner = selfType === null ? null : structs(selfType.split('::').pop()!);
  const callPath = owner?.ok === true ? `${owner.type.path}::${name}` : ['crate', ...modulePath, ...(selfType === null ? [] : [selfType]), name].join('::');
  return { kind: 'plan', plan: { index, ...base, callPath, throughShim, parameters, result, clauses } };
}

/** Whether a struct occurs below the top of the type. */
function containsStruct(type: ExecType, top: boolean): boolean {
  switch (type.kind) {
    case 'struct': return !top;
    case 'vec':
    case 'array':
      return containsStruct(type.element, false);
    case 'option': return containsStruct(type.inner, false);
    case 'tuple': return type.elements.some((element) => containsStruct(element, false));
    default: return false;
  }
}

function parseReceiver(parameter: Parameter, structs: StructResolver): ReturnType<typeof parseExecType> {
  const written = parameter.type?.text ?? parameter.pattern.text.replace(/\bself\b/, 'Self');
  return parseExecType(written.replace(/^mut\s+/, ''), structs);
}

/** Structs of the crate from their mirror entries; `Self` is the impl's. */
function structResolver(specFunctions: ReadonlyMap<string, SpecFunctionSource>, selfType: string | null): StructResolver {
  return (written) => {
    const name = written === 'Self' && selfType !== null ? selfType : written;
    const definition = specFunctions.get(`struct ${name}`)?.structure;
    if (definition === undefined) return null;
    if (!definition.fields.ok) return { ok: false, reason: definition.fields.reason };
    return { ok: true, type: { kind: 'struct', name, path: definition.path, fields: definition.fields.list } };
  };
}

function planClauses(fn: FunctionItem, index: number, parameters: ParameterPlan[], result: FunctionCheckPlan['result'], specFunctions: ReadonlyMap<string, SpecFunctionSource>): ClausePlan[] {
  const crate = crateSpecScope(specFunctions);
  const mutable = parameters.filter((parameter) => parameter.passing === 'mutable');
  const plans: ClausePlan[] = [];
  for (const clause of fn.clauses) {
    if (clause.kind !== 'requires' && clause.kind !== 'ensures') continue;
    const kind = clause.kind;
    const variables = new Map<string, { text: string; type: SpecType }>();
    for (const parameter of parameters) {
      const type = specTypeOfExec(parameter.type);
      const specName = parameter.specName ?? parameter.name;
      variables.set(parameter.name, { text: specName, type });
      if (kind === 'ensures' && parameter.passing === 'mutable') variables.set(`old_${parameter.name}`, { text: `old_${specName}`, type });
    }
    if (kind === 'ensures' && result.name !== null) variables.set(result.name, { text: result.specName ?? result.name, type: specTypeOfExec(result.type) });
    // In requires, old(x) is x itself; in ensures it is the value before the call.
    const oldNames = new Map(mutable.map(({ name }) => [name, kind === 'requires' ? name : `old_${name}`]));
    const signatureStructs = [...parameters.map((parameter) => parameter.type), ...(kind === 'ensures' ? [result.type] : [])].flatMap((type) => structsIn(specTypeOfExec(type))).map((name) => `struct ${name}`);
    for (const expression of clause.expressions) {
      const id = `vr_f${index}_${kind}_${expression.index}`;
      const adapted = adaptSpecText(expression.text, { oldNames, scope: { ...crate, variables, oldNames }, liftPrefix: id });
      plans.push({
        id,
        reference: { kind, index: expression.index, text: expression.text, line: expression.span.lineStart },
        adapted,
        dependencies: adapted.ok ? closeDependencies([...(adapted.calls ?? []), ...signatureStructs], specFunctions) : [],
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
    if (source !== undefined && !source.ok) return `uses ${name.startsWith('struct ') ? `the mirror of ${name}` : `spec fn ${name}`}, which is not executable: ${source.reason}`;
  }
  return null;
}

/** A requires that is not a check makes the whole function unrunnable: inputs violating it would give false counterexamples. */
export function describeMissingRequires(index: number, reason: string): string {
  return `requires[${index}] is not executable (${reason}); without every requires the inputs cannot be filtered`;
}

/** The spec fns a text calls by name, transitively (loop invariants' untyped adaptation). */
export function closeCalls(text: string, specFunctions: ReadonlyMap<string, SpecFunctionSource>): string[] {
  return closeDependencies(findCalls(text, [...specFunctions.keys()]), specFunctions);
}

function closeDependencies(start: readonly string[], specFunctions: ReadonlyMap<string, SpecFunctionSource>): string[] {
  const found = new Set<string>();
  const pending = [...start];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (found.has(name)) continue;
    found.add(name);
    pending.push(...(specFunctions.get(name)?.calls ?? []));
  }
  return [...found].sort();
}
