import { assertNever } from '../../core/assert-never.js';
import type { CandidateEdit, FunctionReplacement } from '../protocol/candidate-submission.js';
import type { ApplyOutcome, CandidateApplier } from './candidate-applier.js';

/** Replaces whole functions by name in a file; the IR implements it (see ir-function-replacer.ts). */
export type FunctionReplacer = (source: string, replacements: readonly FunctionReplacement[]) => ApplyOutcome;

/** Splits a bare code block into its function items (name + code), or explains why it cannot. */
export type SnippetSplitter = (code: string) => { status: 'split'; functions: FunctionReplacement[] } | { status: 'rejected'; problem: string };

/**
 * Applies a candidate to the one file the editor was asked to edit: `file` replaces it whole,
 * `functions` and `snippet` replace the named functions through the IR. Nothing is written to disk.
 */
export class SourceCandidateApplier implements CandidateApplier {
  constructor(
    private readonly replaceFunctions: FunctionReplacer,
    private readonly splitSnippet: SnippetSplitter,
  ) {}

  apply(source: string, edit: CandidateEdit): ApplyOutcome {
    switch (edit.kind) {
      case 'file':
        return edit.file.trim() === '' ? { status: 'rejected', problem: 'the file candidate is empty' } : { status: 'applied', source: edit.file };
      case 'functions': {
        const duplicate = edit.functions.find((replacement, index) => edit.functions.findIndex((other) => other.name === replacement.name) !== index);
        if (duplicate !== undefined) return { status: 'rejected', problem: `function "${duplicate.name}" is given twice` };
        return this.replaceFunctions(source, edit.functions);
      }
      case 'snippet': {
        const split = this.splitSnippet(edit.code);
        return split.status === 'rejected' ? split : this.replaceFunctions(source, split.functions);
      }
      default:
        return assertNever(edit, 'candidate edit');
    }
  }
}
