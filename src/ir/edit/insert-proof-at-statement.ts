import { findBlock, lineIndentation, startsLine, targetError } from './find-edit-target.js';
import type { TextEdit } from './text-edit.js';
import type { VerusFileIr } from '../verus-file-ir.js';

/** Where to insert: before or after statement `statementIndex` of a function body, or of a loop body when `loopId` is set. */
export interface StatementTarget {
  function: string;
  loopId?: string | null;
  statementIndex: number;
  position: 'before' | 'after';
}

const INDENT_STEP = '    ';

/**
 * Inserts code (an `assert(...);`, a `proof { ... }` block, a lemma call) on its own line before or
 * after a top-level statement, at that statement's indentation. Lines of `code` after the first get
 * the same indentation prefix, so multi-line code keeps its relative layout. In an empty block,
 * statement index 0 means "inside the braces".
 */
export function insertProofAtStatement(ir: VerusFileIr, target: StatementTarget, code: string): TextEdit {
  const { fn, block } = findBlock(ir, target.function, target.loopId ?? null);
  const where = `${target.loopId ?? fn.qualifiedName} statement ${target.statementIndex}`;
  const description = `insert proof ${target.position} ${where}`;
  const statement = block.statements[target.statementIndex];
  if (statement === undefined) {
    if (block.statements.length === 0 && target.statementIndex === 0) {
      const indentation = lineIndentation(ir, block.span.byteStart) + INDENT_STEP;
      const insertion = block.span.byteStart + 1;
      return { byteStart: insertion, byteEnd: insertion, replacement: `\n${indentation}${indentCode(code, indentation)}`, description };
    }
    throw targetError(ir, 'unknown-statement', `${where} does not exist (the block has ${block.statements.length} statements)`);
  }
  const ownLine = startsLine(ir, statement.span.byteStart);
  const indentation = lineIndentation(ir, statement.span.byteStart);
  const body = indentCode(code, indentation);
  if (target.position === 'before') {
    const replacement = ownLine ? `${body}\n${indentation}` : `${body} `;
    return { byteStart: statement.span.byteStart, byteEnd: statement.span.byteStart, replacement, description };
  }
  const replacement = ownLine ? `\n${indentation}${body}` : ` ${body}`;
  return { byteStart: statement.span.byteEnd, byteEnd: statement.span.byteEnd, replacement, description };
}

/** Removes the code's common indentation, then indents every line but the first by `indentation`. */
function indentCode(code: string, indentation: string): string {
  const lines = code.replace(/^\s*\n/, '').trimEnd().split('\n');
  const common = Math.min(...lines.filter((line) => line.trim() !== '').map((line) => /^[ \t]*/.exec(line)?.[0].length ?? 0));
  return lines
    .map((line) => (line.trim() === '' ? '' : line.slice(Number.isFinite(common) ? common : 0).trimEnd()))
    .map((line, index) => (index === 0 || line === '' ? line : `${indentation}${line}`))
    .join('\n');
}
