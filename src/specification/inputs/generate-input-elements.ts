import { ownedTypeText, type ExecType } from '../types/exec-type.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';

/**
 * The `input_elements` closure of a function's runtime::Check (pure): the results output
 * perturbation also tries that come from the input, "another element of an input vector". For each
 * Vec or slice parameter whose element type is the result type, its elements; when the result is an
 * Option of that type, each as Some. The runtime keeps those that differ from the real result. The
 * types are known here from the plan, so the harness compiles no type test. `i.<k>` is the owned
 * input as it was before the call (a `&mut` vector included).
 */
export function generateInputElements(plan: FunctionCheckPlan): string {
  const result = ownedTypeText(plan.result.type);
  const payload = plan.result.type.kind === 'option' ? ownedTypeText(plan.result.type.inner) : null;
  const pushes = plan.parameters.flatMap((parameter, position) => {
    const element = vectorElement(parameter.type);
    if (element === result) return [`out.extend(i.${position}.iter().cloned());`];
    if (element !== null && element === payload) return [`out.extend(i.${position}.iter().cloned().map(Some));`];
    return [];
  });
  return pushes.length === 0 ? '|_| Vec::new()' : `|i| { let mut out = Vec::new(); ${pushes.join(' ')} out }`;
}

function vectorElement(type: ExecType): string | null {
  return type.kind === 'vec' || type.kind === 'array' ? ownedTypeText(type.element) : null;
}
