import { TOKEN_KIND, type SyntaxScan } from '../../core/source-parser.js';

/**
 * The significant tokens of a file (comments removed) with their text and delimiter pairing: the
 * input of every IR builder. Indices in the IR builders are indices into these arrays. Offsets are
 * UTF-16 code units.
 */
export interface TokenTable {
  count: number;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  texts: string[];
  /** For an opening delimiter the index of its closing partner and vice versa; -1 otherwise (or when unmatched). */
  partners: Int32Array;
  /** For each token of the scan (comments included), the index of the first significant token at or after it. */
  significantIndexOfScanToken: Int32Array;
  /** UTF-16 ranges of the comments, in order: [start0, end0, start1, end1, ...]. */
  commentRanges: Int32Array;
}

/** Builds the table; `~` (of `=~=`, `=~~=`), which tree-sitter's Rust lexer does not know, becomes punctuation. */
export function buildTokenTable(text: string, scan: SyntaxScan): TokenTable {
  const { count, kinds: scanKinds, starts: scanStarts, ends: scanEnds, fixedTextIndices, fixedTexts } = scan.tokens;
  let comments = 0;
  for (let index = 0; index < count; index++) if (scanKinds[index] === TOKEN_KIND.comment) comments++;
  const significant = count - comments;
  const kinds = new Uint8Array(significant);
  const starts = new Int32Array(significant);
  const ends = new Int32Array(significant);
  // fill() turns the preallocated array into a fast packed one (a bare large `new Array(n)` is a slow dictionary).
  const texts = new Array<string>(significant).fill('');
  const significantIndexOfScanToken = new Int32Array(count + 1);
  const commentRanges = new Int32Array(comments * 2);
  const interner = new TokenInterner(text);
  let next = 0;
  let nextComment = 0;
  for (let index = 0; index < count; index++) {
    significantIndexOfScanToken[index] = next;
    const kind = scanKinds[index] as number;
    const start = scanStarts[index] as number;
    const end = scanEnds[index] as number;
    if (kind === TOKEN_KIND.comment) {
      commentRanges[nextComment++] = start;
      commentRanges[nextComment++] = end;
      continue;
    }
    const fixed = fixedTextIndices[index] as number;
    const tokenText = fixed >= 0 ? (fixedTexts[fixed] as string) : interner.intern(start, end);
    kinds[next] = kind === TOKEN_KIND.unrecognized && isTildes(tokenText) ? TOKEN_KIND.punctuation : kind;
    starts[next] = start;
    ends[next] = end;
    texts[next] = tokenText;
    next++;
  }
  significantIndexOfScanToken[count] = next;
  return { count: significant, kinds, starts, ends, texts, partners: new Int32Array(significant).fill(-1), significantIndexOfScanToken, commentRanges };
}

function isTildes(text: string): boolean {
  for (let index = 0; index < text.length; index++) if (text.charCodeAt(index) !== 126) return false;
  return text.length > 0;
}

/** Tokens longer than this are sliced without interning (long literals rarely repeat). */
const MAXIMUM_INTERNED_LENGTH = 32;
/** Slots of the intern table (a power of two); it only ever holds distinct texts, far fewer than this. */
const INTERN_SLOTS = 1 << 16;

/**
 * Returns one shared string per distinct token text, hashing the characters in place: identifiers
 * repeat thousands of times in a large file, and slicing each occurrence afresh made garbage
 * collection a large part of the IR build. Open addressing over typed arrays keeps lookups cheap.
 */
class TokenInterner {
  private readonly hashes = new Int32Array(INTERN_SLOTS);
  private readonly strings: string[] = new Array<string>(INTERN_SLOTS).fill('');
  private stored = 0;

  constructor(private readonly text: string) {}

  intern(start: number, end: number): string {
    const text = this.text;
    const length = end - start;
    if (length > MAXIMUM_INTERNED_LENGTH || length === 0 || this.stored >= INTERN_SLOTS >> 1) return text.slice(start, end);
    let hash = length;
    for (let index = start; index < end; index++) hash = (Math.imul(hash, 31) + text.charCodeAt(index)) | 0;
    for (let slot = hash & (INTERN_SLOTS - 1); ; slot = (slot + 1) & (INTERN_SLOTS - 1)) {
      const candidate = this.strings[slot] as string;
      if (candidate.length === 0) {
        const created = text.slice(start, end);
        this.strings[slot] = created;
        this.hashes[slot] = hash;
        this.stored++;
        return created;
      }
      if (this.hashes[slot] === hash && candidate.length === length && text.startsWith(candidate, start)) return candidate;
    }
  }
}
