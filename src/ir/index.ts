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
export { readRlimitAttribute } from './read-rlimit-attribute.js';
export type { SkippedNote } from './skipped-note.js';
export { SourceText } from './span/source-text.js';

export { parseVerusSource, parseVerusBytes, parseVerusFile, type ParseVerusSourceOptions } from './parse/parse-verus-source.js';
export { buildVerusIr, type BuildVerusIrOptions } from './parse/build-verus-ir.js';
export { decodeSourceBytes, MAXIMUM_SOURCE_BYTES } from './parse/decode-source-bytes.js';
export { createTreeSitterSourceParser } from './syntax/tree-sitter-adapter.js';
export { collectRustFiles } from './parse/collect-rust-files.js';

export { locateSpan, type SpanQuery, type SpanLocation } from './span/locate-span.js';
export { findFunction, findLoop } from './edit/find-edit-target.js';

export { applyTextEdits, type TextEdit } from './edit/text-edit.js';
export { replaceClauseExpression } from './edit/replace-clause-expression.js';
export { insertClauseExpression } from './edit/insert-clause-expression.js';
export type { ClauseTarget } from './edit/clause-target.js';
export { addLoopInvariant } from './edit/add-loop-invariant.js';
export { insertProofAtStatement, type StatementTarget } from './edit/insert-proof-at-statement.js';
export { replaceFunctionBody, replaceFunction } from './edit/replace-function.js';
export { printVerusIr } from './view/print-verus-ir.js';

export { createGhostStrippedView, type GhostStrippedView } from './view/create-ghost-stripped-view.js';
export { createSpecView, type SpecView } from './view/create-spec-view.js';
export { renderNormalizedTokens } from './view/render-normalized-tokens.js';
export { tokenRangeOfSpan } from './span/token-range-of-span.js';

export { serializeIrDocument, IR_DOCUMENT_SCHEMA } from './view/serialize-ir-document.js';
export { summarizeIr, type IrSummary } from './view/summarize-ir.js';
export { renderFileSummary, renderTotalSummary } from './view/render-ir-summary.js';

// For the parse benchmark (src/bench): phase timings and a generator of large synthetic sources.
export { measureTreeSitterScan, startPhaseTimer, type PhaseTiming } from './syntax/tree-sitter-adapter.js';
export { generateVerusSource } from './testing/generate-verus-source.js';
export { expandUseTree, leafName, type UseLeaf } from './view/expand-use-tree.js';
