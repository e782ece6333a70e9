import type { FunctionItem, VerusFileIr } from '../../ir/index.js';
import { findAccessPoint } from './find-access-point.js';
import type { FunctionCheckPlan } from '../plan/function-check-plan.js';
import type { SpecFunctionSource } from '../types/spec-function-source.js';
import { structAccessCode } from './struct-harness-code.js';

/**
 * The crate's files as the harness crate gets them: each struct a check generates gets the code that
 * builds it from fields and reads them back, and each function the harness module cannot see (not
 * `pub` and outside the crate root) a public shim, both written into the item's own module
 * (findAccessPoint) of the scratch copy. The user's files are never changed.
 */
export function addHarnessAccess(files: ReadonlyMap<string, Uint8Array>, irs: readonly VerusFileIr[], plans: readonly FunctionCheckPlan[], specFunctions: ReadonlyMap<string, SpecFunctionSource>): ReadonlyMap<string, Uint8Array> {
  const insertions: Array<{ file: string; at: number; text: string }> = [];
  const structs = new Set<string>();
  for (const plan of plans) {
    for (const type of [...plan.parameters.map((parameter) => parameter.type), plan.result.type]) {
      if (type.kind !== 'struct' || structs.has(type.name)) continue;
      structs.add(type.name);
      const definition = specFunctions.get(`struct ${type.name}`)?.structure;
      if (definition !== undefined) insertions.push({ file: definition.file, at: definition.accessPoint, text: structAccessCode(type) });
    }
    if (plan.throughShim !== true) continue;
    const ir = irs.find((entry) => entry.file === plan.file);
    const fn = ir?.functions.find((entry) => entry.qualifiedName === plan.name && entry.nameSpan.lineStart === plan.line);
    if (ir !== undefined && fn !== undefined) insertions.push({ file: plan.file, at: findAccessPoint(ir, fn.span), text: shimCode(fn) });
  }
  if (insertions.length === 0) return files;
  const edited = new Map(files);
  for (const file of new Set(insertions.map((insertion) => insertion.file))) {
    let bytes = files.get(file);
    if (bytes === undefined) continue;
    for (const insertion of insertions.filter((entry) => entry.file === file).sort((left, right) => right.at - left.at)) {
      const text = new TextEncoder().encode(insertion.text);
      bytes = new Uint8Array([...bytes.subarray(0, insertion.at), ...text, ...bytes.subarray(insertion.at)]);
    }
    edited.set(file, bytes);
  }
  return edited;
}

/** `pub fn vr_spec_check_call_<name>(..)` calling the function (in an impl of its type for a method). */
function shimCode(fn: FunctionItem): string {
  const parameters = fn.parameters.map((parameter) => (parameter.isSelf ? (parameter.type === null ? parameter.pattern.text.replace(/^mut\s+/, '') : `self: ${parameter.type.text}`) : `${parameter.name}: ${parameter.type?.text ?? '_'}`));
  const args = fn.parameters.filter((parameter) => !parameter.isSelf).map((parameter) => parameter.name).join(', ');
  const returned = fn.returnValue === null ? '' : ` -> ${fn.returnValue.type.text}`;
  const receiver = fn.parameters[0]?.isSelf === true;
  const signature = `pub fn vr_spec_check_call_${fn.name}(${parameters.join(', ')})${returned}`;
  if (fn.owner?.kind !== 'impl') return `\n#[doc(hidden)]\n${signature} { ${fn.name}(${args}) }\n`;
  return `\n#[doc(hidden)]\nimpl ${fn.owner.selfType} {\n    ${signature} { ${receiver ? 'self' : 'Self'}${receiver ? '.' : '::'}${fn.name}(${args}) }\n}\n`;
}
