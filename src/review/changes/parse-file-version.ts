import { InputError } from '../../core/errors.js';
import { createGhostStrippedView, createSpecView, parseVerusSource } from '../../ir/index.js';
import { isSelected } from '../generate-mutants.js';

/** One function inside `verus!` as the comparison sees it: its canonical exec code and spec. */
export interface FunctionVersion {
  name: string;
  mode: string;
  baseMode: 'exec' | 'spec' | 'proof';
  /** An exec function with a body: what the review can mutate. */
  reviewable: boolean;
  /** Ghost-stripped exec code, canonical ('' for spec and proof functions). */
  execText: string;
  /** Signature, attributes, clauses (and a spec fn's body), canonical. */
  specText: string;
  line: number;
}

/** One side of a changed file, parsed: its functions by qualified name, or why it has none. */
export type ParsedVersion =
  | { kind: 'parsed'; functions: Map<string, FunctionVersion> }
  /** The file does not exist on this side. */
  | { kind: 'absent' }
  /** The base's text does not parse: every function of the working tree's side counts as changed. */
  | { kind: 'unparsable'; reason: string };

/**
 * Parses one side of a file. An empty file has no functions. Only the base may fail to parse: the
 * working tree's side is what the review reads next, and its InputError (with its position) is the
 * user's to see.
 */
export async function parseFileVersion(file: string, text: string | null, side: 'base' | 'working tree'): Promise<ParsedVersion> {
  if (text === null) return { kind: 'absent' };
  const functions = new Map<string, FunctionVersion>();
  if (text.replace(/^\ufeff/, '').trim() === '') return { kind: 'parsed', functions };
  try {
    const ir = await parseVerusSource(text, { file, requireVerus: false });
    for (const fn of ir.functions) {
      if (!fn.insideVerus || functions.has(fn.qualifiedName)) continue;
      functions.set(fn.qualifiedName, { name: fn.qualifiedName, mode: fn.mode, baseMode: fn.baseMode, reviewable: isSelected(fn, null), execText: createGhostStrippedView(ir, fn).text, specText: createSpecView(ir, fn).text, line: fn.nameSpan.lineStart });
    }
    return { kind: 'parsed', functions };
  } catch (error) {
    if (side === 'base' && error instanceof InputError) return { kind: 'unparsable', reason: error.message };
    throw error;
  }
}
