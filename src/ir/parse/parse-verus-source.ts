import { readFile, stat } from 'node:fs/promises';
import { AdapterError, InputError } from '../../core/errors.js';
import type { SourceParser } from '../../core/source-parser.js';
import { buildVerusIr } from './build-verus-ir.js';
import { decodeSourceBytes, describeOversizedSource, MAXIMUM_SOURCE_BYTES } from './decode-source-bytes.js';
import { createTreeSitterSourceParser } from '../syntax/tree-sitter-adapter.js';
import type { VerusFileIr } from '../verus-file-ir.js';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface ParseVerusSourceOptions {
  /** The path reported in spans, notes and errors. */
  file: string;
  /** When true (the default) a file without `verus!` is an InputError (`no-verus-macro`); pass false for plain Rust crate files. */
  requireVerus?: boolean;
  /** Defaults to the tree-sitter adapter. */
  parser?: SourceParser;
}

/**
 * Parses Verus source text into the IR. Bad input (lone surrogates, an empty file, a file over the size limit,
 * unbalanced delimiters, no `verus!`) is an InputError naming file, line and column.
 */
export async function parseVerusSource(text: string, options: ParseVerusSourceOptions): Promise<VerusFileIr> {
  const position = { file: options.file, line: 1, column: 1 };
  if (LONE_SURROGATE.test(text)) throw new InputError('invalid-text', 'the text contains unpaired UTF-16 surrogates', position);
  if (text.length > MAXIMUM_SOURCE_BYTES || Buffer.byteLength(text, 'utf8') > MAXIMUM_SOURCE_BYTES) {
    throw new InputError('file-too-large', describeOversizedSource(null), position);
  }
  if (text.replace(/^\ufeff/, '').trim() === '') throw new InputError('empty-file', 'the file is empty', position);
  const parser = options.parser ?? (await createTreeSitterSourceParser());
  // tree-sitter's Rust grammar does not expect a byte order mark; a space keeps every offset in place.
  const scanned = text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text;
  return buildVerusIr(text, scanSource(parser, scanned, position), { file: options.file, requireVerus: options.requireVerus ?? true });
}

/** A parser that gives up on a file (tree-sitter's runtime aborting) is the file's problem to report, not a crash. */
function scanSource(parser: SourceParser, text: string, position: { file: string; line: number; column: number }): ReturnType<SourceParser['scan']> {
  try {
    return parser.scan(text);
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error;
    throw new InputError('parser-aborted', `${error.message}; the file may be too large or too deeply nested to parse`, position);
  }
}

/** Decodes (strict UTF-8) and parses file contents. */
export async function parseVerusBytes(bytes: Uint8Array, options: ParseVerusSourceOptions): Promise<VerusFileIr> {
  return parseVerusSource(decodeSourceBytes(bytes, options.file), options);
}

/** Reads, decodes and parses a file; `options.file` (default: the path) is the name used in reports. */
export async function parseVerusFile(path: string, options: Partial<ParseVerusSourceOptions> = {}): Promise<VerusFileIr> {
  const file = options.file ?? path;
  let bytes: Uint8Array;
  try {
    const size = (await stat(path)).size;
    if (size > MAXIMUM_SOURCE_BYTES) throw new InputError('file-too-large', describeOversizedSource(size), { file, line: 1, column: 1 });
    bytes = await readFile(path);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown';
    throw new InputError('unreadable-file', `cannot read the file (${code})`, { file, line: 1, column: 1 });
  }
  return parseVerusBytes(bytes, { ...options, file });
}
