import { applyTextEdits, type FunctionItem, type Loop, type TextEdit, type VerusFileIr } from '../../ir/index.js';
import { adaptSpecText } from '../translate/adapt-spec-text.js';
import type { ExecType } from '../types/exec-type.js';
import type { InvariantClausePlan, InvariantProbe, ProbeVariable, UntestedInvariant } from './invariant-probe.js';
import { parseExecType } from '../types/parse-exec-type.js';
import { closeCalls } from '../plan/plan-function-check.js';
import type { SpecFunctionSource } from '../types/spec-function-source.js';

export interface InstrumentedSource {
  source: string;
  probes: InvariantProbe[];
  untested: UntestedInvariant[];
}

const INVARIANT_KINDS = new Set(['invariant', 'invariant_except_break']);

/**
 * Instruments the candidate's target functions so that each loop checks the invariants the
 * candidate added or changed (absent from the original's same loop) at run time: on entry and at
 * the end of every iteration, the two points where Verus requires an invariant to hold. Only
 * invariants over variables of declared exec types are tested; the rest pass through untested, with
 * the reason. Pure: returns the instrumented text and the probes the harness must define.
 */
export function instrumentLoopInvariants(original: VerusFileIr, candidate: VerusFileIr, functions: readonly string[], specFunctions: ReadonlyMap<string, SpecFunctionSource>): InstrumentedSource {
  const edits: TextEdit[] = [];
  const probes: InvariantProbe[] = [];
  const untested: UntestedInvariant[] = [];
  for (const fn of candidate.functions.filter((entry) => functions.includes(entry.qualifiedName) && entry.baseMode === 'exec' && entry.body !== null)) {
    const before = original.functions.find((entry) => entry.qualifiedName === fn.qualifiedName);
    for (const loop of fn.loops) {
      const known = new Set((before?.loops.find((entry) => entry.id === loop.id)?.clauses ?? []).filter((clause) => INVARIANT_KINDS.has(clause.kind)).flatMap((clause) => clause.expressions.map((expression) => normalize(expression.text))));
      const added = loop.clauses.filter((clause) => INVARIANT_KINDS.has(clause.kind)).flatMap((clause) => clause.expressions).filter((expression) => !known.has(normalize(expression.text)));
      if (added.length === 0) continue;
      const skip = (reason: string) => untested.push(...added.map((expression) => ({ function: fn.qualifiedName, loopId: loop.id, text: expression.text, line: expression.span.lineStart, reason })));
      if (!startsStatement(candidate, loop)) { skip('the loop is not a statement of its own (it is inside an expression), so no check can be put before it'); continue; }
      const scope = variablesInScope(candidate, fn, loop);
      const index = probes.length;
      const clauses: InvariantClausePlan[] = [];
      const used = new Set<string>();
      for (const expression of added) {
        const refuse = (reason: string) => untested.push({ function: fn.qualifiedName, loopId: loop.id, text: expression.text, line: expression.span.lineStart, reason });
        if (/\bold\s*\(/.test(expression.text)) { refuse('old(..) in a loop invariant needs the value at function entry, which the probe does not keep'); continue; }
        const adapted = adaptSpecText(expression.text, { oldNames: new Map() });
        if (!adapted.ok) { refuse(adapted.reason); continue; }
        const names = referencedNames(adapted.text);
        const missing = [...scope.untyped].filter((name) => names.has(name));
        if (missing.length > 0) { refuse(`it reads ${missing.join(', ')}, declared without a type the harness can read (only declared exec types are tested, never inferred ones)`); continue; }
        for (const variable of scope.typed.values()) if (names.has(variable.name)) used.add(variable.name);
        clauses.push({ id: `vr_inv_${index}_${clauses.length}`, text: expression.text, line: expression.span.lineStart, adapted, dependencies: closeCalls(adapted.text, specFunctions) });
      }
      if (clauses.length === 0) continue;
      const variables = [...scope.typed.values()].filter((variable) => used.has(variable.name));
      probes.push({ index, function: fn.qualifiedName, loopId: loop.id, variables, clauses });
      edits.push(...probeEdits(candidate, loop, index, variables));
    }
  }
  return { source: edits.length === 0 ? candidate.source.text : applyTextEdits(candidate, edits), probes, untested };
}

function probeEdits(ir: VerusFileIr, loop: Loop, index: number, variables: ProbeVariable[]): TextEdit[] {
  const counter = `vr_iteration_${index}`;
  const call = `crate::verus_repair_spec_check::vr_probe_${index}(${[counter, ...variables.map(argumentText)].join(', ')});`;
  const last = loop.body.statements[loop.body.statements.length - 1];
  // A tail expression without `;` (a unit `x += 1` or an `if`) gets one, so the check can follow it.
  const separator = last !== undefined && !last.hasSemicolon ? ';' : '';
  const closing = loop.body.span.byteEnd - 1;
  return [
    { byteStart: loop.span.byteStart, byteEnd: loop.span.byteStart, replacement: `let mut ${counter}: usize = 0; ${call} `, description: `check invariants before ${loop.id}` },
    { byteStart: closing, byteEnd: closing, replacement: `${separator} ${counter} += 1; ${call} `, description: `check invariants at the end of ${loop.id}'s body` },
  ];
}

function argumentText(variable: ProbeVariable): string {
  switch (variable.argument) {
    case 'value': return variable.name;
    case 'dereference': return `*${variable.name}`;
    case 'slice': return `&${variable.name}[..]`;
    case 'reference': return `&${variable.name}`;
  }
}

interface Scope {
  typed: Map<string, ProbeVariable>;
  untyped: Set<string>;
}

/** The function's exec parameters and the `let`s before the loop; a later declaration shadows an earlier one. */
function variablesInScope(ir: VerusFileIr, fn: FunctionItem, loop: Loop): Scope {
  const scope: Scope = { typed: new Map(), untyped: new Set() };
  const declare = (name: string, typeText: string | null) => {
    const parsed = typeText === null ? null : parseExecType(typeText);
    const variable = parsed?.ok === true ? toVariable(name, parsed.type, parsed.passing) : null;
    if (variable === null) { scope.typed.delete(name); scope.untyped.add(name); return; }
    scope.untyped.delete(name);
    scope.typed.set(name, variable);
  };
  for (const parameter of fn.parameters) if (parameter.mode === 'exec') declare(parameter.name, parameter.type?.text ?? null);
  const body = fn.body!;
  const text = ir.source.sliceBytes(body.span.byteStart, loop.span.byteStart);
  for (const match of text.matchAll(/\blet\s+(?:mut\s+)?(?!ghost\b|tracked\b)([A-Za-z_]\w*)\s*(:\s*[^=;]+?)?\s*[=;]/g)) declare(match[1]!, match[2] === undefined ? null : match[2].slice(1).trim());
  return scope;
}

function toVariable(name: string, type: ExecType, passing: 'value' | 'shared' | 'mutable'): ProbeVariable | null {
  switch (type.kind) {
    case 'int':
    case 'bool':
    case 'char':
      return { name, type, argument: passing === 'value' ? 'value' : 'dereference' };
    case 'vec':
      return type.element.kind === 'int' || type.element.kind === 'bool' ? { name, type, argument: 'slice' } : null;
    case 'option':
    case 'tuple':
      return passing === 'value' ? { name, type, argument: 'reference' } : null;
    case 'unit':
    case 'struct':
    case 'string':
    case 'array':
      return null;
  }
}

function referencedNames(text: string): Set<string> {
  return new Set([...text.matchAll(/(?<![.\w]|::)([A-Za-z_]\w*)/g)].map((match) => match[1]!));
}

function startsStatement(ir: VerusFileIr, loop: Loop): boolean {
  const before = ir.source.text.slice(0, ir.source.indexAtByteOffset(loop.span.byteStart)).replace(/\s+$/, '');
  return /[;{}]$/.test(before);
}

function normalize(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
