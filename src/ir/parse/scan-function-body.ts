import { TOKEN_KIND } from '../../core/source-parser.js';
import type { Block, Statement } from '../block.js';
import type { Loop } from '../loop.js';
import type { ParseContext } from './parse-context.js';
import { parseLoopHead } from './parse-loop-head.js';
import type { ProofStatement } from '../proof-statement.js';
import { recognizeProofStatement } from './recognize-proof-statement.js';
import { splitStatements } from './split-statements.js';
import { isPunctuationAt } from '../syntax/token-predicates.js';

export interface ScannedBody {
  body: Block;
  loops: Loop[];
  proofStatements: ProofStatement[];
}

const LOOP_KEYWORDS = new Set(['while', 'loop', 'for']);
/** Words that start a loop or a proof statement outside proof context. */
const INTERESTING_WORDS = new Set([...LOOP_KEYWORDS, 'assert', 'assume', 'admit', 'proof', 'reveal', 'reveal_with_fuel', 'hide']);

function mentionsProofOrLoop(context: ParseContext, from: number, to: number): boolean {
  const { kinds, texts } = context.tokens;
  for (let index = from; index < to; index++) {
    if (kinds[index] === TOKEN_KIND.word && INTERESTING_WORDS.has(texts[index] ?? '')) return true;
  }
  return false;
}

/**
 * Walks a function body once: splits blocks into statements, finds loops (numbered in preorder) and
 * proof statements, descending into every nested block, closure and argument list.
 */
export function scanFunctionBody(context: ParseContext, qualifiedName: string, bodyOpen: number, inProofContext: boolean): ScannedBody {
  const scanner = new BodyScanner(context, qualifiedName);
  const body = scanner.scanBlock(bodyOpen, null, inProofContext);
  return { body, loops: scanner.loops, proofStatements: sortInPlaceBySpan(scanner.proofStatements) };
}

class BodyScanner {
  readonly loops: Loop[] = [];
  readonly proofStatements: ProofStatement[] = [];

  constructor(
    private readonly context: ParseContext,
    private readonly qualifiedName: string,
  ) {}

  /** Scans a block; its statements are listed only when `listStatements` (function, loop and proof blocks). */
  scanBlock(open: number, loop: Loop | null, inProofContext: boolean, listStatements = true): Block {
    const context = this.context;
    const close = context.tokens.partners[open] ?? open;
    if (!listStatements && !inProofContext && !mentionsProofOrLoop(context, open + 1, close)) {
      // Most nested blocks (if/else arms, closures, struct literals) hold neither: skip splitting them.
      return { span: context.span(open, close + 1), statements: [] };
    }
    const ranges = splitStatements(context, open + 1, close);
    const statements: Statement[] = [];
    for (const range of ranges) {
      if (listStatements) {
        statements.push({ kind: range.kind, index: statements.length, span: context.span(range.first, range.end), hasSemicolon: range.hasSemicolon });
      }
      const proofStatement = recognizeProofStatement(context, range, loop, inProofContext, this);
      if (proofStatement !== null) this.proofStatements.push(proofStatement);
      else this.scanTokens(range.head, range.end, loop, inProofContext);
    }
    return { span: context.span(open, close + 1), statements };
  }

  /**
   * Looks for loops and nested blocks in tokens that are not a statement list. Parenthesised and
   * bracketed groups are entered in place, with the ends of the open groups on an explicit stack,
   * so nesting depth costs no call stack (6,000 nested parentheses overflowed the recursive form).
   */
  private scanTokens(from: number, to: number, loop: Loop | null, inProofContext: boolean): void {
    const tokens = this.context.tokens;
    const groupEnds: number[] = [];
    let limit = to;
    let index = from;
    for (;;) {
      if (index >= limit) {
        const outer = groupEnds.pop();
        if (outer === undefined) return;
        // `limit` was the group's closer: continue after it, within the enclosing group.
        index = limit + 1;
        limit = outer;
        continue;
      }
      const kind = tokens.kinds[index];
      if (kind === TOKEN_KIND.word && LOOP_KEYWORDS.has(tokens.texts[index] ?? '') && !isPunctuationAt(tokens, index - 1, '.')) {
        const end = this.scanLoop(index, limit, loop, inProofContext);
        index = end === -1 ? index + 1 : end;
      } else if (kind === TOKEN_KIND.open) {
        const close = tokens.partners[index] ?? index;
        if (tokens.texts[index] === '{') {
          this.scanBlock(index, loop, inProofContext, false);
          index = close + 1;
        } else {
          groupEnds.push(limit);
          limit = close;
          index++;
        }
      } else {
        index++;
      }
    }
  }

  /** Returns the index after the loop, or -1 when the keyword does not start a loop. */
  private scanLoop(keyword: number, limit: number, parent: Loop | null, inProofContext: boolean): number {
    const context = this.context;
    const head = parseLoopHead(context, keyword, limit);
    if (head === null) {
      if (context.tokens.texts[keyword] !== 'for') context.skip(keyword, keyword + 1, 'malformed-loop', 'loop without a body');
      return -1;
    }
    const index = this.loops.length;
    const bodyClose = context.tokens.partners[head.bodyOpen] ?? head.bodyOpen;
    const range = (part: [number, number] | null) => (part === null ? null : context.spannedText(part[0], part[1]));
    const loop: Loop = {
      kind: head.kind,
      id: `${this.qualifiedName}/loop#${index}`,
      index,
      parentId: parent?.id ?? null,
      depth: parent === null ? 0 : parent.depth + 1,
      label: head.label,
      span: context.span(head.first, bodyClose + 1),
      headerSpan: context.span(head.first, head.headerEnd),
      condition: range(head.condition),
      pattern: range(head.pattern),
      iterator: range(head.iterator),
      iteratorName: head.iteratorName === null ? null : context.spannedText(head.iteratorName, head.iteratorName + 1),
      clauses: head.clauses,
      body: { span: context.span(head.bodyOpen, bodyClose + 1), statements: [] },
    };
    this.loops.push(loop);
    loop.body = this.scanBlock(head.bodyOpen, loop, inProofContext);
    return bodyClose + 1;
  }
}

/**
 * Proof blocks are scanned before the statement that holds them is recorded, so an assert can follow
 * the lemma calls of its `by` block: restore source order. An insertion sort, because the list is
 * nearly sorted and short, and Array.prototype.sort allocates.
 */
function sortInPlaceBySpan(statements: ProofStatement[]): ProofStatement[] {
  for (let index = 1; index < statements.length; index++) {
    const current = statements[index];
    if (current === undefined) continue;
    let position = index - 1;
    while (position >= 0 && (statements[position]?.span.byteStart ?? 0) > current.span.byteStart) {
      statements[position + 1] = statements[position] as ProofStatement;
      position--;
    }
    statements[position + 1] = current;
  }
  return statements;
}
