import type { Adaptation } from '../translate/adaptation.js';
import { ownedTypeText, specArgumentText, specTypeOfExec, specTypeText, structValueName, type ExecType } from '../types/exec-type.js';
import type { ClausePlan, FunctionCheckPlan } from '../plan/function-check-plan.js';
import { generateInputElements } from '../inputs/generate-input-elements.js';
import { seedInputsCode } from '../inputs/seed-inputs.js';
import { shapeInputsCode } from '../inputs/shape-inputs.js';
import { INVARIANT_PANIC_MARKER, type InvariantProbe, type ProbeVariable } from '../invariants/invariant-probe.js';
import { crateSpecScope, type SpecFunctionSource } from '../types/spec-function-source.js';
import { SPEC_VALUE_HELPERS } from '../translate/spec-value-helpers.js';
import { structValueCode } from './struct-harness-code.js';
import { translateSpecText } from '../translate/translate-spec-text.js';
import { HARNESS_RUNTIME_IMPORT } from './write-harness-runtime-crate.js';

/** What a line range of the generated module belongs to, so a rustc error there can be blamed on it. */
export type HarnessPart = { kind: 'spec-fn'; name: string } | { kind: 'clause'; id: string } | { kind: 'glue'; index: number } | { kind: 'probe'; index: number };

export interface GeneratedHarness {
  source: string;
  parts: Array<{ part: HarnessPart; lineStart: number; lineEnd: number }>;
}

/** The clauses and spec fns each plan uses, after earlier builds excluded the ones that did not compile. */
export interface HarnessInput {
  plans: FunctionCheckPlan[];
  specFunctions: ReadonlyMap<string, SpecFunctionSource>;
  isUsable: (clause: Pick<ClausePlan, 'id' | 'adapted' | 'dependencies'>) => boolean;
  /** Loop invariant checks the instrumented crate calls (instrumentLoopInvariants); none for a plain spec check. */
  probes?: readonly InvariantProbe[];
  /** Probes whose checking code did not compile: they keep their signature (the instrumented code calls them) and check nothing. */
  isProbeUsable?: (probe: InvariantProbe) => boolean;
}

/**
 * The harness module (pure): the runtime, each needed spec fn and each clause in its own
 * exec_spec_unverified! block (so one that does not compile is blamed alone), and per function a
 * check that generates inputs, calls the erased function and evaluates the compiled ensures.
 */
export function generateHarness(input: HarnessInput): GeneratedHarness {
  const lines: string[] = ['#![allow(warnings)]', 'use vstd::prelude::*;', 'use vstd::contrib::exec_spec::*;', '', HARNESS_RUNTIME_IMPORT, ''];
  // The exact integer helpers the translated clauses and spec fns call (spec-value-helpers.ts).
  lines.push(SPEC_VALUE_HELPERS, '');
  const parts: GeneratedHarness['parts'] = [];
  const add = (part: HarnessPart, text: string) => {
    const lineStart = lines.join('\n').split('\n').length + 1;
    lines.push(text);
    parts.push({ part, lineStart, lineEnd: lineStart + text.split('\n').length - 1 });
  };
  const probes = input.probes ?? [];
  const used = [...input.plans.flatMap((plan) => plan.clauses.filter(input.isUsable)), ...probes.flatMap((probe) => probe.clauses.filter(input.isUsable))].flatMap((clause) => clause.dependencies);
  for (const name of [...new Set(used)].sort()) {
    const entry = input.specFunctions.get(name);
    if (entry?.source.ok === true) add({ kind: 'spec-fn', name }, `exec_spec_unverified! {\n${entry.source.text}\n}\n${entry.glue ?? ''}`);
  }
  // Each struct's value type once, with the first function that generates it (its part: what fails to compile there is that function's).
  const valueTypes = new Set<string>();
  // A function with a requires that is not usable is not run at all: its inputs could not be filtered.
  const runnable = input.plans.filter((plan) => plan.clauses.every((clause) => clause.reference.kind !== 'requires' || input.isUsable(clause)));
  for (const plan of runnable) {
    for (const clause of plan.clauses.filter(input.isUsable)) {
      // Items the translation lifted out of the clause (Seq::new's element function) go in its block, their glue after it.
      const lifted = clause.adapted.ok ? clause.adapted.lifted : undefined;
      if (clause.adapted.ok) add({ kind: 'clause', id: clause.id }, `exec_spec_unverified! {\n${(lifted?.items ?? []).map((item) => `${item}\n`).join('')}spec fn ${clause.id}(${clauseParameters(plan, clause).join(', ')}) -> bool {\n    ${startsEvaluation(clause.adapted.text)}\n}\n}\n${(lifted?.glue ?? []).join('')}`);
    }
    const values = structsOfPlan(plan).filter((type) => !valueTypes.has(type.name));
    for (const type of values) valueTypes.add(type.name);
    add({ kind: 'glue', index: plan.index }, `${values.map(structValueCode).join('')}${checkFunction(plan, plan.clauses.filter(input.isUsable))}`);
  }
  for (const probe of probes) {
    const usable = input.isProbeUsable?.(probe) ?? true ? probe.clauses.filter(input.isUsable) : [];
    for (const clause of usable) {
      const typed = typedProbeClause(probe, clause, input.specFunctions);
      const text = typed?.text ?? (clause.adapted.ok ? clause.adapted.text : null);
      if (text !== null) add({ kind: 'clause', id: clause.id }, `exec_spec_unverified! {\n${(typed?.lifted?.items ?? []).map((item) => `${item}\n`).join('')}spec fn ${clause.id}(${probe.variables.map((variable) => `${variable.name}: ${specTypeText(variable.type)}`).join(', ')}) -> bool {\n    ${startsEvaluation(text)}\n}\n}\n${(typed?.lifted?.glue ?? []).join('')}`);
    }
    add({ kind: 'probe', index: probe.index }, probeFunction(probe, input.isProbeUsable?.(probe) ?? true ? usable.map((clause) => probe.clauses.indexOf(clause)) : []));
  }
  const arms = runnable.map((plan) => `        ${plan.index} => check_${plan.index}(budget, seed, timeout),`);
  lines.push('pub fn main() {', '    let (which, budget, seed, timeout) = runtime::arguments();', '    match which {', ...arms, '        _ => println!("{{\\"type\\":\\"no-such-check\\"}}"),', '    }', '}', '');
  return { source: lines.join('\n'), parts };
}

/**
 * A loop invariant through the typed translation, over the probe's variables (their exec types are
 * declared): int/nat spec fns, exact arithmetic and casts as for requires/ensures. Null when it does
 * not translate or uses a spec fn the textual adaptation's dependencies lack: the invariant then keeps
 * that adaptation (instrumentLoopInvariants).
 */
function typedProbeClause(probe: InvariantProbe, clause: InvariantProbe['clauses'][number], specFunctions: ReadonlyMap<string, SpecFunctionSource>): Extract<Adaptation, { ok: true }> | null {
  const variables = new Map(probe.variables.map((variable) => [variable.name, { text: variable.name, type: specTypeOfExec(variable.type) }]));
  const typed = translateSpecText(clause.text, { variables, oldNames: new Map(), ...crateSpecScope(specFunctions) }, { kind: 'bool' }, clause.id);
  return typed.ok && (typed.calls ?? []).every((name) => clause.dependencies.includes(name)) ? typed : null;
}

/** A clause's body: `vr_begin()` (always true) restarts the quantifier step budget for this evaluation. */
function startsEvaluation(text: string): string {
  return `vr_begin() && (${text})`;
}

/** The structs a function's check generates (parameters) or reads back (the result). */
function structsOfPlan(plan: FunctionCheckPlan): Array<Extract<ExecType, { kind: 'struct' }>> {
  return [...plan.parameters.map((parameter) => parameter.type), plan.result.type].flatMap((type) => (type.kind === 'struct' ? [type] : []));
}

function clauseParameters(plan: FunctionCheckPlan, clause: ClausePlan): string[] {
  const parameters: string[] = [];
  for (const parameter of plan.parameters) {
    const type = specTypeText(parameter.type);
    const name = parameter.specName ?? parameter.name;
    if (clause.reference.kind === 'ensures' && parameter.passing === 'mutable') parameters.push(`old_${name}: ${type}`);
    parameters.push(`${name}: ${type}`);
  }
  if (clause.reference.kind === 'ensures' && plan.result.name !== null) parameters.push(`${plan.result.specName ?? plan.result.name}: ${specTypeText(plan.result.type)}`);
  return parameters;
}

function checkFunction(plan: FunctionCheckPlan, clauses: ClausePlan[]): string {
  const tuple = (items: string[]) => (items.length === 0 ? '()' : `(${items.join(', ')},)`);
  const mutable = plan.parameters.map((parameter, position) => ({ parameter, position })).filter(({ parameter }) => parameter.passing === 'mutable');
  const inputType = tuple(plan.parameters.map((parameter) => ownedTypeText(parameter.type)));
  const afterType = tuple(mutable.map(({ parameter }) => ownedTypeText(parameter.type)));
  const resultType = ownedTypeText(plan.result.type);
  const before = (position: number) => specArgumentText(plan.parameters[position]!.type, `(&i.${position})`);
  const requires = clauses.filter((clause) => clause.reference.kind === 'requires').map((clause) => `|i| exec_${clause.id}(${plan.parameters.map((_, position) => before(position)).join(', ')})`);
  const ensures = clauses.filter((clause) => clause.reference.kind === 'ensures').map((clause) => {
    const args: string[] = [];
    plan.parameters.forEach((parameter, position) => {
      if (parameter.passing === 'mutable') args.push(before(position), specArgumentText(parameter.type, `(&a.${mutable.findIndex((entry) => entry.position === position)})`));
      else args.push(before(position));
    });
    if (plan.result.name !== null) args.push(specArgumentText(plan.result.type, 'r'));
    return `(${clause.reference.index}, |i, a, r| exec_${clause.id}(${args.join(', ')}))`;
  });
  // A struct is built from its generated fields (in its own module, addHarnessAccess) and read back the same way.
  const built = (position: number) => {
    const type = plan.parameters[position]!.type;
    return type.kind === 'struct' ? `${type.path}::vr_spec_check_from_fields((i.${position}).0.clone())` : `i.${position}.clone()`;
  };
  const readBack = (type: ExecType, value: string) => (type.kind === 'struct' ? `${structValueName(type.name)}(${value}.vr_spec_check_fields())` : value);
  const callArguments = plan.parameters.map((parameter, position) => {
    if (parameter.passing === 'value') return built(position);
    if (parameter.passing === 'shared') return parameter.type.kind === 'struct' ? `&s${position}` : `&i.${position}`;
    return `&mut m${position}`;
  });
  const shared = plan.parameters.flatMap((parameter, position) => (parameter.passing === 'shared' && parameter.type.kind === 'struct' ? [`let s${position} = ${built(position)}; `] : [])).join('');
  const copies = mutable.map(({ position }) => `let mut m${position} = ${built(position)}; `).join('');
  const afterState = tuple(mutable.map(({ parameter, position }) => readBack(parameter.type, `m${position}`)));
  const call = `|i| { ${shared}${copies}let r = ${readBack(plan.result.type, `${plan.callPath}(${callArguments.join(', ')})`)}; (r, ${afterState}) }`;
  return [
    `fn check_${plan.index}(budget: usize, seed: u64, timeout: u64) {`,
    `    runtime::run::<${inputType}, ${afterType}, ${resultType}>(runtime::Check {`,
    `        requires: vec![${requires.join(', ')}],`,
    `        call: ${call},`,
    `        ensures: vec![${ensures.join(', ')}],`,
    `        input_elements: ${generateInputElements(plan)},`,
    `        shape: ${shapeInputsCode(plan)},`,
    `        seeds: ${seedInputsCode(plan)},`,
    '    }, budget, seed, timeout);',
    '}',
    '',
  ].join('\n');
}

/**
 * The probe the instrumented loop calls on entry and after every iteration. A false invariant
 * panics with the marker and a JSON trace (which clause, which iteration, the variables' values);
 * a panic while evaluating the invariant itself (spec arithmetic overflowing the exec type) is
 * caught here, so it is never blamed on the function.
 */
function probeFunction(probe: InvariantProbe, clauseIndexes: number[]): string {
  const parameters = ['vr_iteration: usize', ...probe.variables.map((variable) => `${variable.name}: ${probeTypeText(variable)}`)];
  const values = probe.variables.map((variable) => `runtime::json_string(&format!("{:?}", ${variable.name}))`);
  const checks = clauseIndexes.map((clause) => [
    `    if let Ok(false) = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| exec_vr_inv_${probe.index}_${clause}(${probe.variables.map((variable) => variable.name).join(', ')}))) {`,
    `        let values: Vec<String> = vec![${values.join(', ')}];`,
    `        panic!("${INVARIANT_PANIC_MARKER}:{{\\"probe\\":${probe.index},\\"clause\\":${clause},\\"iteration\\":{},\\"values\\":[{}]}}", vr_iteration, values.join(","));`,
    '    }',
  ].join('\n'));
  return [`pub fn vr_probe_${probe.index}(${parameters.join(', ')}) {`, ...checks, '}', ''].join('\n');
}

function probeTypeText(variable: ProbeVariable): string {
  switch (variable.argument) {
    case 'value':
    case 'dereference':
      return ownedTypeText(variable.type);
    case 'slice':
      return `&[${ownedTypeText(variable.type.kind === 'vec' ? variable.type.element : variable.type)}]`;
    case 'reference':
      return `&${ownedTypeText(variable.type)}`;
  }
}
