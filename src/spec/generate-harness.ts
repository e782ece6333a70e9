import { ownedTypeText, specArgumentText, specTypeText } from './exec-type.js';
import type { ClausePlan, FunctionCheckPlan } from './function-check-plan.js';
import { HARNESS_RUNTIME } from './harness-runtime.js';
import type { SpecFunctionSource } from './spec-function-source.js';

/** What a line range of the generated module belongs to, so a rustc error there can be blamed on it. */
export type HarnessPart = { kind: 'spec-fn'; name: string } | { kind: 'clause'; id: string } | { kind: 'glue'; index: number };

export interface GeneratedHarness {
  source: string;
  parts: Array<{ part: HarnessPart; lineStart: number; lineEnd: number }>;
}

/** The clauses and spec fns each plan uses, after earlier builds excluded the ones that did not compile. */
export interface HarnessInput {
  plans: FunctionCheckPlan[];
  specFunctions: ReadonlyMap<string, SpecFunctionSource>;
  isUsable: (clause: ClausePlan) => boolean;
}

/**
 * The harness module (pure): the runtime, each needed spec fn and each clause in its own
 * exec_spec_unverified! block (so one that does not compile is blamed alone), and per function a
 * check that generates inputs, calls the erased function and evaluates the compiled ensures.
 */
export function generateHarness(input: HarnessInput): GeneratedHarness {
  const lines: string[] = ['#![allow(warnings)]', 'use vstd::prelude::*;', 'use vstd::contrib::exec_spec::*;', '', 'mod runtime {', HARNESS_RUNTIME, '}', ''];
  const parts: GeneratedHarness['parts'] = [];
  const add = (part: HarnessPart, text: string) => {
    const lineStart = lines.join('\n').split('\n').length + 1;
    lines.push(text);
    parts.push({ part, lineStart, lineEnd: lineStart + text.split('\n').length - 1 });
  };
  const used = input.plans.flatMap((plan) => plan.clauses.filter(input.isUsable)).flatMap((clause) => clause.dependencies);
  for (const name of [...new Set(used)].sort()) {
    const source = input.specFunctions.get(name)?.source;
    if (source?.ok === true) add({ kind: 'spec-fn', name }, `exec_spec_unverified! {\n${source.text}\n}\n`);
  }
  for (const plan of input.plans) {
    for (const clause of plan.clauses.filter(input.isUsable)) {
      if (clause.adapted.ok) add({ kind: 'clause', id: clause.id }, `exec_spec_unverified! {\nspec fn ${clause.id}(${clauseParameters(plan, clause).join(', ')}) -> bool {\n    ${clause.adapted.text}\n}\n}\n`);
    }
    add({ kind: 'glue', index: plan.index }, checkFunction(plan, plan.clauses.filter(input.isUsable)));
  }
  const arms = input.plans.map((plan) => `        ${plan.index} => check_${plan.index}(budget, seed, timeout),`);
  lines.push('pub fn main() {', '    let (which, budget, seed, timeout) = runtime::arguments();', '    match which {', ...arms, '        _ => println!("{{\\"type\\":\\"no-such-check\\"}}"),', '    }', '}', '');
  return { source: lines.join('\n'), parts };
}

function clauseParameters(plan: FunctionCheckPlan, clause: ClausePlan): string[] {
  const parameters: string[] = [];
  for (const parameter of plan.parameters) {
    const type = specTypeText(parameter.type);
    if (clause.reference.kind === 'ensures' && parameter.passing === 'mutable') parameters.push(`old_${parameter.name}: ${type}`);
    parameters.push(`${parameter.name}: ${type}`);
  }
  if (clause.reference.kind === 'ensures' && plan.result.name !== null) parameters.push(`${plan.result.name}: ${specTypeText(plan.result.type)}`);
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
  const callArguments = plan.parameters.map((parameter, position) => {
    if (parameter.passing === 'value') return `i.${position}.clone()`;
    if (parameter.passing === 'shared') return `&i.${position}`;
    return `&mut m${position}`;
  });
  const copies = mutable.map(({ position }) => `let mut m${position} = i.${position}.clone(); `).join('');
  const call = `|i| { ${copies}let r = ${plan.callPath}(${callArguments.join(', ')}); (r, ${tuple(mutable.map(({ position }) => `m${position}`))}) }`;
  return [
    `fn check_${plan.index}(budget: usize, seed: u64, timeout: u64) {`,
    `    runtime::run::<${inputType}, ${afterType}, ${resultType}>(runtime::Check {`,
    `        requires: vec![${requires.join(', ')}],`,
    `        call: ${call},`,
    `        ensures: vec![${ensures.join(', ')}],`,
    '    }, budget, seed, timeout);',
    '}',
    '',
  ].join('\n');
}
