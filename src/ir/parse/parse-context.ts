import type { Span, SpannedText } from '../../core/span.js';
import type { Attribute } from '../attribute.js';
import type { FunctionItem } from '../function-item.js';
import type { LoopHead } from './loop-head.js';
import type { SkippedNote } from '../skipped-note.js';
import type { SourceText } from '../span/source-text.js';
import type { TokenTable } from '../syntax/token-table.js';

/** Shared state of one file's IR build: the inputs plus the collections every builder appends to. */
export class ParseContext {
  readonly skipped: SkippedNote[] = [];
  readonly functions: FunctionItem[] = [];
  readonly verusMacros: Span[] = [];
  readonly innerAttributes: Attribute[] = [];
  /** Loop heads by keyword index: statement splitting and the body scan both need them. */
  readonly loopHeads = new Map<number, LoopHead | null>();

  constructor(
    readonly file: string,
    readonly source: SourceText,
    readonly tokens: TokenTable,
  ) {}

  /** The span of tokens [first, end); an empty range gives an empty span where `first` starts. */
  span(first: number, end: number): Span {
    const { starts, ends } = this.tokens;
    const start = first < this.tokens.count ? (starts[first] ?? 0) : this.source.text.length;
    const stop = end > first ? (ends[end - 1] ?? start) : start;
    return this.source.spanOf(start, stop);
  }

  /** The exact source text of tokens [first, end), comments between them included. */
  text(first: number, end: number): string {
    if (end <= first) return '';
    return this.source.text.slice(this.tokens.starts[first], this.tokens.ends[end - 1]);
  }

  spannedText(first: number, end: number): SpannedText {
    return { text: this.text(first, end), span: this.span(first, end) };
  }

  /** Records a skipped region of tokens [first, end) and returns the note. */
  skip(first: number, end: number, reason: string, message: string): SkippedNote {
    const span = this.span(first, Math.max(end, first + 1));
    const note: SkippedNote = { file: this.file, line: span.lineStart, column: span.columnStart, reason, message, span };
    this.skipped.push(note);
    return note;
  }
}
