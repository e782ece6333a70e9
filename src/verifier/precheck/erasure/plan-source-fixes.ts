import type { ErasureFix } from '../../../core/verifier-precheck.js';
import { spanContains } from '../../../core/span.js';
import type { VerusFileIr } from '../../../ir/index.js';

/** A byte range of one file to blank (spaces, newlines kept: every later line and offset stays put), or text to put first. */
export type SourceEdit =
  | { kind: 'blank'; byteStart: number; byteEnd: number }
  /** The range's first bytes become `text` (no newline in it, no longer than the range), the rest blank as for `blank`. */
  | { kind: 'replace'; byteStart: number; byteEnd: number; text: string }
  | { kind: 'prepend'; text: string };

export const ALLOW_REPR_TRANSPARENT = '#![allow(repr_transparent_non_zst_fields)] ';
const CRATE_ROOTS = /^src\/(lib|main|bin\/[^/]+)\.rs$/;

/**
 * The source fixes one parsed file needs (decided from its text, before any build):
 * - `#![verifier::...]` inner attributes outside verus!, and `#[verifier::...]`/`#[verus::...]`
 *   attributes inside function bodies (on loops, statements, expressions), are blanked. Verus passes
 *   rustc `-Zcrate-attr=register_tool(verifier)` and `feature(stmt_expr_attributes)`
 *   (rust_verify/src/config.rs:215-231 at the pin); plain rustc has neither, and the erased macro's
 *   filter_attrs (verus_builtin_macros syntax.rs:499-507) does not reach these positions. They steer
 *   only verification, never what exec code does.
 * - a crate root of a crate with a `#[repr(transparent)]` type gets
 *   `#![allow(repr_transparent_non_zst_fields)]`: rustc 1.95 denies by default a transparent struct
 *   with a `Ghost<nat>` field (verus_builtin's Ghost has a private PhantomData field), which Verus
 *   projects verify with; the lint concerns layout guarantees, not the code's behaviour.
 */
export function planSourceFixes(file: string, ir: VerusFileIr, crateHasTransparent: boolean): { edits: SourceEdit[]; fixes: ErasureFix[] } {
  const edits: SourceEdit[] = [];
  const fixes: ErasureFix[] = [];
  for (const attribute of ir.innerAttributes) {
    if (!isVerifierPath(attribute.name) || ir.verusMacros.some((span) => spanContains(span, attribute.span))) continue;
    edits.push({ kind: 'blank', byteStart: attribute.span.byteStart, byteEnd: attribute.span.byteEnd });
    fixes.push({ kind: 'strip-verifier-attribute', file, line: attribute.span.lineStart, description: `${file}:${attribute.span.lineStart}: removed ${attribute.text} (Verus registers the verifier tool; plain rustc does not)` });
  }
  for (const attribute of findBodyVerifierAttributes(ir)) {
    edits.push({ kind: 'blank', byteStart: attribute.byteStart, byteEnd: attribute.byteEnd });
    fixes.push({ kind: 'strip-verifier-attribute', file, line: attribute.line, description: `${file}:${attribute.line}: removed ${attribute.text} inside a function body (Verus enables attributes on statements and expressions; stable rustc does not)` });
  }
  if (crateHasTransparent && CRATE_ROOTS.test(file)) {
    edits.push({ kind: 'prepend', text: ALLOW_REPR_TRANSPARENT });
    fixes.push({ kind: 'allow-lint', file, line: 1, description: `${file}:1: allowed rustc's deny-by-default lint repr_transparent_non_zst_fields (a #[repr(transparent)] type with a Ghost field)` });
  }
  return { edits, fixes };
}

/** Whether any struct, enum or union of the file is `#[repr(transparent)]`. */
export function hasTransparentType(ir: VerusFileIr): boolean {
  return /#\s*\[\s*repr\s*\(\s*transparent\s*\)\s*\]/.test(ir.source.text);
}

function isVerifierPath(name: string): boolean {
  return name.startsWith('verifier::') || name === 'verifier' || name.startsWith('verus::');
}

/** `#[verifier::x]` / `#[verifier(x)]` / `#[verus::x]` outer attributes inside the bodies of functions within verus!. */
function findBodyVerifierAttributes(ir: VerusFileIr): Array<{ byteStart: number; byteEnd: number; line: number; text: string }> {
  const { tokens, source } = ir;
  const bodies = ir.functions.filter((fn) => fn.insideVerus && fn.body !== null).map((fn) => fn.body!.span);
  const found: Array<{ byteStart: number; byteEnd: number; line: number; text: string }> = [];
  for (let index = 0; index + 2 < tokens.count; index++) {
    if (tokens.texts[index] !== '#' || tokens.texts[index + 1] !== '[') continue;
    const head = tokens.texts[index + 2];
    if ((head !== 'verifier' && head !== 'verus') || (tokens.texts[index + 3] !== '::' && tokens.texts[index + 3] !== '(')) continue;
    const close = tokens.partners[index + 1] ?? -1;
    if (close < 0) continue;
    const byteStart = source.byteOffsetAt(tokens.starts[index]!);
    const byteEnd = source.byteOffsetAt(tokens.ends[close]!);
    if (!bodies.some((span) => span.byteStart < byteStart && byteEnd <= span.byteEnd)) continue;
    found.push({ byteStart, byteEnd, line: source.lineIndexAt(tokens.starts[index]!) + 1, text: source.text.slice(tokens.starts[index]!, tokens.ends[close]!) });
  }
  return found;
}

/** The file's bytes with the edits made. */
export function applySourceEdits(bytes: Uint8Array, edits: readonly SourceEdit[]): Uint8Array {
  const edited = Buffer.from(bytes);
  for (const edit of edits) {
    if (edit.kind === 'prepend') continue;
    if (edit.kind === 'blank') {
      for (let offset = edit.byteStart; offset < edit.byteEnd; offset++) if (edited[offset] !== 0x0a && edited[offset] !== 0x0d) edited[offset] = 0x20;
      continue;
    }
    // The text, then the range's newlines, then spaces: the lines after the range keep their numbers.
    const newlines = edited.subarray(edit.byteStart, edit.byteEnd).filter((byte) => byte === 0x0a).length;
    const replacement = Buffer.from(`${edit.text}${'\n'.repeat(newlines)}`, 'utf8');
    if (replacement.length > edit.byteEnd - edit.byteStart) continue;
    edited.fill(0x20, edit.byteStart, edit.byteEnd);
    replacement.copy(edited, edit.byteStart);
  }
  const prefix = edits.filter((edit) => edit.kind === 'prepend').map((edit) => edit.text).join('');
  if (prefix === '') return new Uint8Array(edited);
  const bom = edited[0] === 0xef && edited[1] === 0xbb && edited[2] === 0xbf ? 3 : 0;
  return new Uint8Array(Buffer.concat([edited.subarray(0, bom), Buffer.from(prefix, 'utf8'), edited.subarray(bom)]));
}
