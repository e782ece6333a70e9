/**
 * The port between the Verus IR and whatever lexes/parses Rust source (the tree-sitter adapter in
 * src/ir/syntax/tree-sitter-adapter.ts). It returns plain, flat data so that the IR is built in plain
 * JavaScript without further calls into the parser.
 */

/** Lexical token categories reported by a SourceParser. */
export const TOKEN_KIND = {
  /** Identifiers, keywords, primitive types, `self`, `true`... */
  word: 1,
  /** Operators and other punctuation, exactly as lexed (`==>` arrives as `==` then `>`). */
  punctuation: 2,
  /** `(`, `[` or `{`. */
  open: 3,
  /** `)`, `]` or `}`. */
  close: 4,
  /** String, raw string, byte string, char, integer and float literals, each one token. */
  literal: 5,
  /** Line, block and doc comments, each one token. */
  comment: 6,
  /** A character the lexer does not know (`~` of `=~=`, a stray backtick...). */
  unrecognized: 7,
} as const;

export type TokenKind = (typeof TOKEN_KIND)[keyof typeof TOKEN_KIND];

/**
 * Every leaf token of a file in source order, as parallel arrays (struct-of-arrays keeps a 50k-line
 * file cheap). Offsets are UTF-16 code unit indices into the string that was scanned; `ends` are
 * exclusive. Token text is `text.slice(starts[i], ends[i])`.
 */
export interface SourceTokens {
  count: number;
  kinds: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
  /**
   * For a token whose text is fixed by the grammar (a keyword, operator or delimiter), the index of
   * that text in `fixedTexts`; -1 for identifiers, literals and comments. Saves slicing and hashing
   * hundreds of thousands of `(`, `,` and `fn` tokens.
   */
  fixedTextIndices: Int32Array;
  fixedTexts: readonly string[];
}

/** A top-level syntax node of the file (a child of the root), used to segment code outside `verus!`. */
export interface OutlineNode {
  /** `attribute` for an outer attribute that precedes the next item; `error` for a region the parser could not parse. */
  kind: 'item' | 'attribute' | 'error';
  /** First token of the node (index into SourceTokens). */
  firstToken: number;
  /** One past the last token of the node. */
  endToken: number;
}

/** A token the parser invented to recover from an error (an unclosed delimiter, a missing `;`). */
export interface MissingToken {
  /** UTF-16 offset where the token is missing. */
  position: number;
  /** The text of the missing token, e.g. `)`. */
  text: string;
}

/** A region the parser could not fit into the grammar (tree-sitter ERROR node), UTF-16 offsets, end exclusive. */
export interface ErrorRegion {
  start: number;
  end: number;
}

/** The result of scanning one file. */
export interface SyntaxScan {
  tokens: SourceTokens;
  outline: OutlineNode[];
  missing: MissingToken[];
  /** Outermost-first error regions; a lone unknown character is a token of kind `unrecognized` instead. */
  errors: ErrorRegion[];
}

/** Scans Rust source into tokens. Implementations must not throw on malformed input: errors are data in the scan. */
export interface SourceParser {
  scan(text: string): SyntaxScan;
}
