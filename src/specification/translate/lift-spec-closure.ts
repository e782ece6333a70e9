import { macroSafeName } from '../types/macro-safe-name.js';
import { namesInSpecExpression } from './names-in-spec-expression.js';
import { CLOSURES, SpecTranslationRefusal, type SpecExpression } from '../syntax/spec-syntax.js';
import { execParameterTypeText, sameStorage, storageTypeText, type SpecType } from '../types/spec-type.js';
import type { SpecTranslator } from './spec-translator.js';

type Closure = Extract<SpecExpression, { kind: 'closure' }>;

/** A closure body lifted into a spec fn of its own, and what a call of it needs. */
export interface LiftedClosure {
  /** Unique in the harness: the container's name and a counter. */
  id: string;
  /** The spec fn's name (the macro compiles it to `exec_<name>`). */
  name: string;
  result: SpecType;
  /** In the caller's scope: the captured variables' texts, the call's first arguments. */
  captureArguments: string[];
  /** For glue: the captured variables as parameters of an exec function (`v: &[u64]`) and their names. */
  execCaptureParameters: string[];
  captureNames: string[];
}

/**
 * Lifts `|p1: T1, ..| body` into `spec fn vr_<role>_<id>(captured.., p1: T1, ..) -> R`, compiled by
 * the macro in the block of the clause or spec fn that uses it (vstd's macro compiles no closures).
 * The parameters take the types the caller knows (a Seq's element type: an annotation must agree
 * with it, or be absent); every variable the body reads from the enclosing scope is captured as a
 * parameter. Plain Rust glue (the caller's) then calls `exec_vr_<role>_<id>` per element.
 */
export function liftSpecClosure(translator: SpecTranslator, closure: SpecExpression | undefined, parameterTypes: SpecType[], result: SpecType | undefined, role: string): LiftedClosure {
  const lift = translator.scope.lift;
  if (closure?.kind !== 'closure' || lift === undefined) throw new SpecTranslationRefusal(CLOSURES);
  if (closure.parameters.length !== parameterTypes.length) throw new SpecTranslationRefusal(`the closure takes ${parameterTypes.length} parameter(s) here, found ${closure.parameters.length}`);
  closure.parameters.forEach((parameter, position) => checkAnnotation(translator, parameter, parameterTypes[position]!));
  const parameterNames = new Set(closure.parameters.map((parameter) => parameter.name));
  // old(x) in the body reads the variable holding x's value before the call: captured too.
  const named = namesInSpecExpression(closure.body);
  const read = new Set([...named, ...[...named].flatMap((name) => translator.scope.oldNames.get(name) ?? [])]);
  const captured = [...translator.scope.variables].filter(([name]) => !parameterNames.has(name) && read.has(name)).map(([name, variable], position) => ({ name, variable, as: /^[a-z_]\w*$/.test(variable.text) && variable.text !== 'res' ? variable.text : `vr_capture_${position}` }));
  const parameters = closure.parameters.map((parameter, position) => ({ name: parameter.name, as: macroSafeName(parameter.name), type: parameterTypes[position]! }));
  const inner = translator.withScope({ ...translator.scope, variables: new Map([...captured.map(({ name, variable, as }) => [name, { text: as, type: variable.type }] as const), ...parameters.map(({ name, as, type }) => [name, { text: as, type }] as const)]) });
  const value = inner.translate(closure.body, result);
  const stored = result ?? (value.type.kind === 'int' ? { kind: 'int' as const, name: 'int' as const } : value.type);
  const id = `${lift.prefix}_${lift.items.length}`;
  const name = `vr_${role}_${id}`;
  const declared = [...captured.map(({ as, variable }) => `${as}: ${storageTypeText(variable.type)}`), ...parameters.map(({ as, type }) => `${as}: ${storageTypeText(type)}`)];
  lift.items.push(`spec fn ${name}(${declared.join(', ')}) -> ${storageTypeText(stored)} {\n    ${inner.store(value, stored)}\n}`);
  return {
    id, name, result: stored,
    captureArguments: captured.map(({ variable }) => variable.text),
    execCaptureParameters: captured.map(({ as, variable }) => `${as}: ${execParameterTypeText(variable.type)}`),
    captureNames: captured.map(({ as }) => as),
  };
}

/** The argument an `exec_` fn takes for a value of this spec type, given `reference: &Owned` (integers, bool and char by value, a Vec as its slice). */
export function execArgumentFromReference(type: SpecType, reference: string): string {
  switch (type.kind) {
    case 'int':
    case 'bool':
    case 'char':
      return `*${reference}`;
    case 'seq':
      return `${reference}.as_slice()`;
    default:
      return reference;
  }
}

function checkAnnotation(translator: SpecTranslator, parameter: Closure['parameters'][number], known: SpecType): void {
  if (parameter.type === null) return;
  const written = translator.resolveType(parameter.type);
  if (!sameStorage(written, known)) throw new SpecTranslationRefusal(`the closure's parameter ${parameter.name} is written ${storageTypeText(written)} where ${storageTypeText(known)} is passed`);
}
