import { parse, TomlError } from 'smol-toml';

/** Parses verus-repair.toml text; a syntax error names the file, line and column. */
export function parseTomlDocument(text: string, file: string): { document: Record<string, unknown> } | { error: string } {
  try {
    return { document: parse(text) as Record<string, unknown> };
  } catch (error) {
    const where = error instanceof TomlError ? `${file}:${error.line}:${error.column}` : file;
    const message = error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error);
    return { error: `${where}: not valid TOML (${message})` };
  }
}
