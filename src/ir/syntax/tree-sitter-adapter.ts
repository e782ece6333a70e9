import { createRequire } from 'node:module';
import { Language, Parser, type Tree, type TreeCursor } from 'web-tree-sitter';
import type { SourceParser, SyntaxScan } from '../../core/source-parser.js';
import { AdapterError } from '../../core/errors.js';
import { categorizeNodeTypes, type NodeCategories } from './categorize-node-types.js';
import { openDirectCursor, type CursorOperations } from './direct-tree-cursor.js';
import { walkSyntaxTree } from './walk-syntax-tree.js';

interface LoadedGrammar {
  parser: Parser;
  categories: NodeCategories;
  wasmModule: Record<string, unknown>;
}

export interface TreeSitterParserOptions {
  /** `direct` (default) walks with the raw cursor exports when available; `public` always uses the documented TreeCursor API. */
  cursor?: 'direct' | 'public';
}

let grammarPromise: Promise<LoadedGrammar> | null = null;

/**
 * The only code that talks to web-tree-sitter. Loads the WASM runtime and the Rust grammar once per
 * process and returns a SourceParser that walks each tree once into flat token arrays.
 */
export async function createTreeSitterSourceParser(options: TreeSitterParserOptions = {}): Promise<SourceParser> {
  grammarPromise ??= loadGrammar().catch((error: unknown) => {
    grammarPromise = null;
    throw new AdapterError(`cannot load the tree-sitter Rust grammar: ${String(error)}`, { cause: error });
  });
  const grammar = await grammarPromise;
  const direct = options.cursor !== 'public';
  return {
    scan(text: string): SyntaxScan {
      let tree: ReturnType<typeof grammar.parser.parse>;
      try {
        tree = grammar.parser.parse(text);
      } catch (error) {
        // An aborted WASM instance is dead: the next parse loads the grammar afresh.
        grammarPromise = null;
        throw new AdapterError(`tree-sitter aborted while parsing (${error instanceof Error ? error.message.split('.')[0] : String(error)})`, { cause: error });
      }
      if (tree === null) throw new AdapterError('tree-sitter returned no tree (the parse was cancelled)');
      const cursor = tree.walk();
      try {
        return scanTree(tree, cursor, grammar.categories, direct ? grammar.wasmModule : {}, text);
      } finally {
        cursor.delete();
        tree.delete();
      }
    },
  };
}

async function loadGrammar(): Promise<LoadedGrammar> {
  // Emscripten makes the options object the module itself, so it receives the raw cursor exports (see direct-tree-cursor.ts).
  const wasmModule: Record<string, unknown> = {};
  await Parser.init(wasmModule);
  const require = createRequire(import.meta.url);
  const language = await Language.load(require.resolve('tree-sitter-rust/tree-sitter-rust.wasm'));
  const parser = new Parser();
  parser.setLanguage(language);
  return { parser, categories: categorizeNodeTypes(language), wasmModule };
}

/** Wall-clock and CPU milliseconds of one phase. */
export interface PhaseTiming {
  wallMilliseconds: number;
  cpuMilliseconds: number;
}

/** The raw parse and the tree walk of one scan timed apart (wall clock and process CPU), for the parse benchmark. */
export async function measureTreeSitterScan(text: string): Promise<{ scan: SyntaxScan; parse: PhaseTiming; walk: PhaseTiming }> {
  await createTreeSitterSourceParser();
  const grammar = await grammarPromise;
  if (grammar === null) throw new AdapterError('the tree-sitter grammar is not loaded');
  const parseTimer = startPhaseTimer();
  const tree = grammar.parser.parse(text);
  const parse = parseTimer();
  if (tree === null) throw new AdapterError('tree-sitter returned no tree (the parse was cancelled)');
  const walkTimer = startPhaseTimer();
  const cursor = tree.walk();
  try {
    const scan = scanTree(tree, cursor, grammar.categories, grammar.wasmModule, text);
    return { scan, parse, walk: walkTimer() };
  } finally {
    cursor.delete();
    tree.delete();
  }
}

/** Starts timing a phase; calling the result stops it. CPU time is the whole process's (user + system). */
export function startPhaseTimer(): () => PhaseTiming {
  const wall = performance.now();
  const cpu = process.cpuUsage();
  return () => {
    const used = process.cpuUsage(cpu);
    return { wallMilliseconds: performance.now() - wall, cpuMilliseconds: (used.user + used.system) / 1000 };
  };
}

function scanTree(tree: Tree, cursor: TreeCursor, categories: NodeCategories, wasmModule: Record<string, unknown>, text: string): SyntaxScan {
  const direct = openDirectCursor(wasmModule, tree, cursor);
  if (direct === null) return walkSyntaxTree(publicCursorOperations(cursor), categories, text);
  try {
    return walkSyntaxTree(direct.operations, categories, text);
  } finally {
    direct.close();
  }
}

/** The documented (slower: every call marshals the cursor) TreeCursor API, used when the raw exports are unavailable. */
export function publicCursorOperations(cursor: TreeCursor): CursorOperations {
  return {
    gotoFirstChild: () => cursor.gotoFirstChild(),
    gotoNextSibling: () => cursor.gotoNextSibling(),
    gotoParent: () => cursor.gotoParent(),
    typeId: () => cursor.nodeTypeId,
    startIndex: () => cursor.startIndex,
    endIndex: () => cursor.endIndex,
    isMissing: () => cursor.nodeIsMissing,
  };
}
