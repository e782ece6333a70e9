import type { DiagnosticSeverity, DiagnosticSpan } from '../../core/diagnostic.js';
import type { DiagnosticDraft } from '../classify/create-diagnostic.js';
import { OUTPUT_LIMITS } from '../output/output-limits.js';
import { readSourceSnippet, type SourceSnippet } from './read-source-snippet.js';

/** Collects one human-rendered diagnostic while its lines arrive, and turns it into a draft at the end. */
export class HumanDiagnosticBuilder {
  private readonly snippets: SourceSnippet[] = [];
  private snippet: SourceSnippet | null = null;
  private readonly notes: string[] = [];
  private readonly expansionLines: string[] = [];
  private message: string;
  /** Where an indented continuation line belongs: the message, the last note, or nowhere (inside a snippet). */
  private continuationTarget: 'message' | 'note' | 'none' = 'message';

  constructor(
    message: string,
    private readonly severity: DiagnosticSeverity,
    private readonly code: string | null,
    readonly isExpansion = false,
  ) {
    this.message = message;
  }

  startSnippet(location: Omit<SourceSnippet, 'rows'>): void {
    this.snippet = { ...location, rows: [] };
    this.snippets.push(this.snippet);
    this.continuationTarget = 'none';
  }

  addRow(lineNumber: number | null, content: string): void {
    if (this.snippet !== null && this.snippet.rows.length < 10_000) this.snippet.rows.push({ lineNumber, content });
    this.continuationTarget = 'none';
  }

  /** Ends the current snippet: rows that follow (a child's source lines) are not read as spans. */
  closeSnippet(): void {
    this.snippet = null;
  }

  addNote(note: string): void {
    if (this.notes.length < OUTPUT_LIMITS.maxNotesPerDiagnostic) this.notes.push(note);
    this.continuationTarget = 'note';
  }

  addExpansionLine(text: string): void {
    if (this.expansionLines.length < 100_000) this.expansionLines.push(text);
  }

  addContinuation(text: string): void {
    const last = this.notes.length - 1;
    if (this.continuationTarget === 'message') this.message = `${this.message}\n${text}`;
    else if (this.continuationTarget === 'note' && last >= 0) this.notes[last] = `${this.notes[last] ?? ''}\n${text}`;
  }

  build(): DiagnosticDraft {
    let primary: DiagnosticSpan | null = null;
    const secondary: DiagnosticSpan[] = [];
    for (const snippet of this.snippets) {
      for (const { span, isPrimary } of readSourceSnippet(snippet)) {
        if (primary === null && isPrimary && snippet.role === 'primary') primary = span;
        else secondary.push(span);
      }
    }
    return {
      message: this.message,
      severity: this.severity,
      code: this.code,
      primary,
      secondary: secondary.slice(0, OUTPUT_LIMITS.maxSpansPerDiagnostic),
      notes: this.notes,
      expansion: this.isExpansion ? this.expansionLines.join('\n') : null,
    };
  }
}
