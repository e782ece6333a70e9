import type { CheatConstruct, CheatCounts } from './cheat-constructs.js';
import type { FileLoadingConstruct } from './file-loading-constructs.js';

/** The spec-relevant clauses the guard freezes, each normalized for whitespace and comments. */
export interface FrozenSpec {
  /** Mode words, name, all parameters (ghost included) and the named return: the contract's vocabulary. */
  signature: string;
  requires: string[];
  ensures: string[];
  recommends: string[];
  /** Frozen for spec fns only (termination of spec fns is part of their meaning). */
  decreases: string[];
  /** The body of a spec fn, normalized; null for other modes. */
  specBody: string | null;
}

/** Everything the guard compares about one function, computed from the IR. */
export interface FunctionFingerprint {
  name: string;
  mode: string;
  line: number;
  /** Ghost-stripped exec code (IR view) without redundant parentheses and semicolons (normalizeExecTokens); identical exec code means identical strings. */
  execView: string;
  /** The whole function as canonical tokens: any change at all shows here. */
  wholeText: string;
  /** The function without its body (attributes, signature, clauses), canonical: a proof fn's body may change, this may not. */
  headText: string;
  spec: FrozenSpec;
  cheats: CheatCounts;
  cheatLines: Partial<Record<CheatConstruct, number>>;
  /** Values of `#[verifier::rlimit(n)]` on the function (Infinity for `infinity`). */
  rlimits: number[];
  requiresFalse: boolean;
}

/** One Rust file as the guard sees it. */
export interface FileFingerprint {
  file: string;
  functions: FunctionFingerprint[];
  /** Source outside `verus!`, whitespace-normalized: any change is an edit outside verified code. */
  outsideVerus: string;
  /** Cheat constructs in items that are not functions (e.g. `assume_specification`). */
  itemLevelCheats: CheatCounts;
  itemLevelCheatLines: Partial<Record<CheatConstruct, number>>;
  /** `#[path]`, file modules and `include!`-style macros anywhere in the file, in or outside `verus!`. */
  fileLoading: FileLoadingConstruct[];
}
