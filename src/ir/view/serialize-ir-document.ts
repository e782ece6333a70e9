import { assertNever } from '../../core/assert-never.js';
import type { Span, SpannedText } from '../../core/span.js';
import type { Block } from '../block.js';
import type { Clause, ClauseKind } from '../clause.js';
import type { FunctionItem } from '../function-item.js';
import type { IrItem } from '../ir-item.js';
import type { Loop } from '../loop.js';
import type { Parameter, ReturnValue } from '../parameter.js';
import type { ProofStatement } from '../proof-statement.js';
import { summarizeIr } from './summarize-ir.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** The `schema` field of every document; bumped on incompatible changes. Documented in docs/ir-schema.md. */
export const IR_DOCUMENT_SCHEMA = 'verus-repair/ir@1';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Container = { kind: 'impl' | 'trait' | 'module'; name: string } | null;

/** The JSON document `verus-repair parse --json` prints for one file (see docs/ir-schema.md). */
export function serializeIrDocument(ir: VerusFileIr): JsonObject {
  const items: Json[] = [];
  collectItems(ir.items, null, items);
  const loops: Json[] = [];
  const asserts: Json[] = [];
  const proofStatements: Json[] = [];
  for (const fn of ir.functions) {
    loops.push(...fn.loops.map((loop) => ({ function: fn.qualifiedName, ...serializeLoop(loop) })));
    asserts.push(...fn.proofStatements.filter(isAssert).map((statement) => ({ function: fn.qualifiedName, ...serializeProofStatement(statement) })));
    proofStatements.push(...fn.proofStatements.map((statement) => ({ function: fn.qualifiedName, ...serializeProofStatement(statement) })));
  }
  return {
    schema: IR_DOCUMENT_SCHEMA,
    file: ir.file,
    verusMacros: ir.verusMacros.map(span),
    innerAttributes: ir.innerAttributes.map((attribute) => ({ name: attribute.name, text: attribute.text, span: span(attribute.span) })),
    items,
    loops,
    asserts,
    proofStatements,
    skipped: ir.skipped.map((note) => ({ file: note.file, line: note.line, column: note.column, reason: note.reason, message: note.message, span: span(note.span) })),
    summary: summarizeIr(ir) as unknown as JsonObject,
  };
}

function collectItems(items: readonly IrItem[], container: Container, output: Json[]): void {
  for (const item of items) {
    output.push(serializeItem(item, container));
    if (item.kind === 'impl' || item.kind === 'trait') collectItems(item.items, { kind: item.kind, name: item.name }, output);
    if (item.kind === 'module' && item.items !== null) collectItems(item.items, { kind: 'module', name: item.name }, output);
  }
}

function serializeItem(item: IrItem, container: Container): JsonObject {
  const common: JsonObject = {
    kind: item.kind,
    name: item.name,
    qualifiedName: item.kind === 'function' ? item.qualifiedName : null,
    mode: item.kind === 'function' ? item.mode : null,
    span: span(item.span),
    insideVerus: item.insideVerus,
    visibility: item.visibility,
    modulePath: item.modulePath,
    container,
    attributes: item.attributes.map((attribute) => ({ name: attribute.name, arguments: attribute.arguments, text: attribute.text, span: span(attribute.span) })),
  };
  switch (item.kind) {
    case 'function':
      return { ...common, ...serializeFunction(item) };
    case 'struct':
    case 'union':
      return { ...common, generics: spanned(item.generics) };
    case 'enum':
      return { ...common, generics: spanned(item.generics), variants: item.variants.map((variant) => ({ name: variant.name, span: span(variant.span) })) };
    case 'impl':
      return { ...common, selfType: item.selfType, traitName: item.traitName };
    case 'trait':
    case 'module':
      return common;
    case 'use':
    case 'extern-crate':
    case 'broadcast-use':
      return { ...common, paths: item.paths };
    case 'broadcast-group':
      return { ...common, members: item.members };
    case 'assume-specification':
      return { ...common, target: item.target, parameters: item.parameters.map(serializeParameter), returnValue: serializeReturnValue(item.returnValue), ...serializeClauses(item.clauses) };
    case 'const':
    case 'static':
    case 'type-alias':
    case 'global':
    case 'extern-block':
      return { ...common, valueMode: item.mode === '' ? null : item.mode };
    case 'macro':
      return { ...common, macro: item.macro };
    case 'unknown':
      return { ...common, reason: item.note.reason, message: item.note.message };
    default:
      return assertNever(item, 'IR item');
  }
}

function serializeFunction(fn: FunctionItem): JsonObject {
  return {
    baseMode: fn.baseMode,
    qualifiers: fn.qualifiers,
    owner: fn.owner === null ? null : { ...fn.owner },
    nameSpan: span(fn.nameSpan),
    signatureSpan: span(fn.signatureSpan),
    generics: spanned(fn.generics),
    parameters: fn.parameters.map(serializeParameter),
    returnValue: serializeReturnValue(fn.returnValue),
    whereClause: spanned(fn.whereClause),
    prover: spanned(fn.prover),
    ...serializeClauses(fn.clauses),
    body: serializeBlock(fn.body),
    loops: fn.loops.map(serializeLoop),
    asserts: fn.proofStatements.filter(isAssert).map(serializeProofStatement),
    proofStatements: fn.proofStatements.map(serializeProofStatement),
    triggers: fn.triggers.map((trigger) => ({ kind: trigger.kind, span: span(trigger.span), terms: trigger.terms.map(spannedText) })),
  };
}

const CLAUSE_FIELDS: Record<ClauseKind, string> = {
  requires: 'requires', ensures: 'ensures', default_ensures: 'defaultEnsures', recommends: 'recommends', decreases: 'decreases',
  when: 'when', via: 'via', returns: 'returns', opens_invariants: 'opensInvariants', no_unwind: 'noUnwind', invariant: 'invariants',
  invariant_except_break: 'invariantsExceptBreak', invariant_ensures: 'invariantEnsures',
};
const FUNCTION_FIELDS: readonly ClauseKind[] = ['requires', 'ensures', 'default_ensures', 'recommends', 'decreases', 'when', 'via', 'returns', 'opens_invariants', 'no_unwind'];
const LOOP_FIELDS: readonly ClauseKind[] = ['invariant', 'invariant_except_break', 'invariant_ensures', 'ensures', 'decreases'];

/** One array per clause kind (expressions of all clauses of that kind, in order) plus the clauses themselves. */
function serializeClauses(clauses: readonly Clause[], kinds: readonly ClauseKind[] = FUNCTION_FIELDS): JsonObject {
  const result: JsonObject = {};
  for (const kind of kinds) {
    result[CLAUSE_FIELDS[kind]] = clauses.filter((clause) => clause.kind === kind).flatMap((clause) => clause.expressions.map(serializeExpression));
  }
  result['clauses'] = clauses.map((clause) => ({
    kind: clause.kind,
    keywordSpan: span(clause.keyword.span),
    span: span(clause.span),
    trailingComma: clause.trailingComma,
    expressions: clause.expressions.map(serializeExpression),
  }));
  return result;
}

function serializeExpression(expression: Clause['expressions'][number]): JsonObject {
  return { text: expression.text, span: span(expression.span), bullets: expression.bullets.map(spannedText) };
}

function serializeLoop(loop: Loop): JsonObject {
  return {
    id: loop.id,
    kind: loop.kind,
    label: loop.label,
    parentId: loop.parentId,
    depth: loop.depth,
    span: span(loop.span),
    headerSpan: span(loop.headerSpan),
    condition: spanned(loop.condition),
    pattern: spanned(loop.pattern),
    iterator: spanned(loop.iterator),
    iteratorName: spanned(loop.iteratorName),
    ...serializeClauses(loop.clauses, LOOP_FIELDS),
    body: serializeBlock(loop.body),
  };
}

function serializeProofStatement(statement: ProofStatement): JsonObject {
  const common: JsonObject = { kind: statement.kind, span: span(statement.span), loopId: statement.loopId, inProofContext: statement.inProofContext };
  switch (statement.kind) {
    case 'assert': {
      const proof = statement.proof;
      const by: Json = proof === null ? null : proof.kind === 'block' ? { kind: 'block', block: span(proof.block) } : {
        kind: 'prover', prover: proof.prover, requires: proof.requires?.expressions.map(serializeExpression) ?? [], block: proof.block === null ? null : span(proof.block),
      };
      return { ...common, text: statement.expression.text, expression: spannedText(statement.expression), by };
    }
    case 'assert-forall':
      return {
        ...common, text: statement.expression.text, binders: spannedText(statement.binders), expression: spannedText(statement.expression),
        implies: spanned(statement.implies), block: statement.block === null ? null : span(statement.block),
      };
    case 'assume':
      return { ...common, text: statement.expression.text, expression: spannedText(statement.expression) };
    case 'admit':
      return common;
    case 'proof-block':
      return { ...common, block: serializeBlock(statement.block) };
    case 'lemma-call':
      return { ...common, callee: statement.callee, calleeSpan: span(statement.calleeSpan), arguments: spannedText(statement.arguments) };
    case 'reveal':
      return { ...common, macro: statement.macro, arguments: spannedText(statement.arguments) };
    default:
      return assertNever(statement, 'proof statement');
  }
}

function serializeParameter(parameter: Parameter): JsonObject {
  return { name: parameter.name, pattern: parameter.pattern.text, type: parameter.type?.text ?? null, mode: parameter.mode, isSelf: parameter.isSelf, span: span(parameter.span) };
}

function serializeReturnValue(value: ReturnValue | null): Json {
  return value === null ? null : { name: value.name, type: value.type.text, mode: value.mode, span: span(value.span) };
}

function serializeBlock(block: Block | null): Json {
  if (block === null) return null;
  return { span: span(block.span), statements: block.statements.map((statement) => ({ index: statement.index, kind: statement.kind, hasSemicolon: statement.hasSemicolon, span: span(statement.span) })) };
}

function isAssert(statement: ProofStatement): boolean {
  return statement.kind === 'assert' || statement.kind === 'assert-forall';
}

function span(value: Span): JsonObject {
  return { ...value };
}

function spannedText(value: SpannedText): JsonObject {
  return { text: value.text, span: span(value.span) };
}

function spanned(value: SpannedText | null): Json {
  return value === null ? null : spannedText(value);
}
