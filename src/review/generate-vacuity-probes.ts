import { applyTextEdits, insertProofAtStatement, tokenRangeOfSpan, type FunctionItem, type TextEdit, type VerusFileIr } from '../ir/index.js';
import { canRestateAsFreeLemma, freeLemmaParameters, renderFreeLemma } from '../specification/index.js';
import type { VacuityProbe } from './vacuity-probe.js';

/**
 * The vacuity probes of the selected functions, built with the IR's edit functions: an entry
 * `assert(false)` per function with requires (exec functions and lemmas), a result-free lemma per function with ensures and a
 * named result, and an `assert(false)` at the start of every loop body and `if`/`else` branch.
 */
export function generateVacuityProbes(ir: VerusFileIr, functions: readonly FunctionItem[]): VacuityProbe[] {
  const probes: VacuityProbe[] = [];
  for (const fn of functions) {
    const requires = fn.clauses.find((clause) => clause.kind === 'requires');
    const ensures = fn.clauses.find((clause) => clause.kind === 'ensures');
    const at = (kind: VacuityProbe['kind'], clause: typeof requires, description: string, edit: TextEdit, line = fn.nameSpan.lineStart, column = fn.nameSpan.columnStart): VacuityProbe => ({
      kind,
      function: fn.qualifiedName,
      file: ir.file,
      line,
      column,
      clauseLine: clause?.keyword.span.lineStart ?? fn.nameSpan.lineStart,
      clauseColumn: clause?.keyword.span.columnStart ?? fn.nameSpan.columnStart,
      description,
      source: applyTextEdits(ir, [edit]),
    });
    if (requires !== undefined && fn.body !== null) {
      probes.push(at('contradictory-requires', requires, 'assert(false) at entry', insertProofAtStatement(ir, { function: fn.qualifiedName, statementIndex: 0, position: 'before' }, 'assert(false);')));
    }
    // Lemmas (proof fns) get the contradictory-requires probe only: they have no result or exec code.
    if (fn.baseMode !== 'exec') continue;
    const lemma = ensures === undefined ? null : buildResultFreeLemma(fn);
    if (ensures !== undefined && lemma !== null) {
      probes.push(at('ensures-ignore-result', ensures, 'ensures proved with the result free', { byteStart: fn.span.byteEnd, byteEnd: fn.span.byteEnd, replacement: `\n\n${lemma}`, description: `add result-free lemma for ${fn.qualifiedName}` }));
    }
    for (const loop of fn.loops) {
      const edit = insertProofAtStatement(ir, { function: fn.qualifiedName, loopId: loop.id, statementIndex: 0, position: 'before' }, 'assert(false);');
      probes.push(at('unreachable-code', requires, `assert(false) in ${loop.id}`, edit, loop.body.span.lineStart, loop.body.span.columnStart));
    }
    for (const branch of findBranchBlocks(ir, fn)) {
      const edit: TextEdit = { byteStart: branch.byteStart + 1, byteEnd: branch.byteStart + 1, replacement: ' assert(false);', description: `assert(false) in the branch at line ${branch.line}` };
      probes.push(at('unreachable-code', requires, `assert(false) in the branch at line ${branch.line}`, edit, branch.line, branch.column));
    }
  }
  return probes;
}

/** `proof fn review_ensures_ignore_result_<f>(params, <result>: T) requires .. ensures .. {}`; null when the function cannot be restated as a free lemma. */
function buildResultFreeLemma(fn: FunctionItem): string | null {
  const result = fn.returnValue;
  if (result === null || result.name === null || !canRestateAsFreeLemma(fn)) return null;
  const clauses = (kind: string) => fn.clauses.filter((clause) => clause.kind === kind).flatMap((clause) => clause.expressions.map((expression) => expression.text));
  return renderFreeLemma(`review_ensures_ignore_result_${fn.qualifiedName}`, [...freeLemmaParameters(fn), `${result.name}: ${result.type.text}`], clauses('requires'), clauses('ensures'));
}

interface BranchBlock {
  byteStart: number;
  line: number;
  column: number;
}

/** The opening braces of exec `if`/`else` blocks in the function body (not loop bodies: those are IR loops). */
function findBranchBlocks(ir: VerusFileIr, fn: FunctionItem): BranchBlock[] {
  if (fn.body === null) return [];
  const tokens = ir.tokens;
  const [first, end] = tokenRangeOfSpan(ir, fn.body.span);
  const ghostSpans = [...fn.loops.flatMap((loop) => loop.clauses), ...fn.proofStatements].map((item) => tokenRangeOfSpan(ir, item.span));
  const ghost = (index: number) => ghostSpans.some(([from, to]) => index >= from && index < to);
  const blocks: BranchBlock[] = [];
  for (let index = first; index < end; index++) {
    if (ghost(index)) continue;
    const word = tokens.texts[index];
    if (word !== 'if' && word !== 'else') continue;
    let at = index + 1;
    while (at < tokens.count && tokens.texts[at] !== '{') at = tokens.texts[at] === '(' || tokens.texts[at] === '[' ? (tokens.partners[at] ?? at) + 1 : at + 1;
    if (word === 'else' && tokens.texts[index + 1] === 'if') continue;
    const braceOffset = tokens.starts[at] ?? 0;
    blocks.push({ byteStart: ir.source.byteOffsetAt(braceOffset), line: ir.source.lineIndexAt(braceOffset) + 1, column: ir.source.columnAt(braceOffset) });
  }
  return blocks;
}
