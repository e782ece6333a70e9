/**
 * The Verus IR: a typed model of Verus source exact enough to locate a verifier error, edit a clause
 * and prove nothing else changed. Parse with parseVerusFile/parseVerusSource, look up diagnostics with
 * locateSpan, build edits with the clause/statement/function edit builders and apply them with
 * applyTextEdits, compare versions with createGhostStrippedView/createSpecView.
 */
export type { VerusFileIr } from './verus-file-ir.js';
export type {
  IrItem, IrItemKind, StructItem, EnumItem, ImplItem, TraitItem, ModuleItem, UseItem, BroadcastGroupItem, AssumeSpecificationItem, ValueItem, MacroItem, UnknownItem,
} from './ir-item.js';
export type { ItemBase } from './item-base.js';
export type { FunctionItem, FunctionMode, FunctionOwner } from './function-item.js';
export type { Parameter, ReturnValue, ValueMode } from './parameter.js';
export { FUNCTION_CLAUSE_KINDS, LOOP_CLAUSE_KINDS } from './clause.js';
export type { Clause, ClauseExpression, ClauseKind, FunctionClauseKind, LoopClauseKind } from './clause.js';
export type { Loop } from './loop.js';
export type { Block, Statement } from './block.js';
export type { ProofStatement, ProofStatementKind, AssertProof } from './proof-statement.js';
export type { TriggerAnnotation } from './trigger-annotation.js';
export type { Attribute } from './attribute.js';
export type { SkippedNote } from './skipped-note.js';
export { SourceText } from './source-text.js';

export { parseVerusSource, parseVerusBytes, parseVerusFile, type ParseVerusSourceOptions } from './parse-verus-source.js';
export { buildVerusIr, type BuildVerusIrOptions } from './build-verus-ir.js';
export { decodeSourceBytes, MAXIMUM_SOURCE_BYTES } from './decode-source-bytes.js';
export { createTreeSitterSourceParser } from './tree-sitter-adapter.js';
export { collectRustFiles } from './collect-rust-files.js';

export { locateSpan, type SpanQuery, type SpanLocation } from './locate-span.js';
export { findFunction, findLoop } from './find-edit-target.js';

export { applyTextEdits, type TextEdit } from './text-edit.js';
export { replaceClauseExpression } from './replace-clause-expression.js';
export { insertClauseExpression } from './insert-clause-expression.js';
export type { ClauseTarget } from './clause-target.js';
export { addLoopInvariant } from './add-loop-invariant.js';
export { insertProofAtStatement, type StatementTarget } from './insert-proof-at-statement.js';
export { replaceFunctionBody, replaceFunction } from './replace-function.js';
export { printVerusIr } from './print-verus-ir.js';

export { createGhostStrippedView, type GhostStrippedView } from './create-ghost-stripped-view.js';
export { createSpecView, type SpecView } from './create-spec-view.js';
export { renderNormalizedTokens } from './render-normalized-tokens.js';
export { tokenRangeOfSpan } from './token-range-of-span.js';

export { serializeIrDocument, IR_DOCUMENT_SCHEMA } from './serialize-ir-document.js';
export { summarizeIr, type IrSummary } from './summarize-ir.js';
export { renderFileSummary, renderTotalSummary } from './render-ir-summary.js';
