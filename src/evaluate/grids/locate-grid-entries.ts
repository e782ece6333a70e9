/** Lines (1-based) of a grid file's entries, for messages that point into the file. */
export interface GridEntryLines {
  /** The line of each `[[model]]` header, in order; empty when the models are written another way. */
  modelTables: number[];
  /** The line of each top-level `key = ...`. */
  keys: Map<string, number>;
}

/**
 * Finds where the grid's entries are by scanning its lines; the TOML parser gives values, not
 * positions. Good enough to point at a table or key: a header inside a multi-line string is not one
 * a grid has, and a mismatch only drops the line numbers (see modelSource).
 */
export function locateGridEntries(text: string): GridEntryLines {
  const modelTables: number[] = [];
  const keys = new Map<string, number>();
  let topLevel = true;
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (/^\[\[\s*model\s*\]\]/.test(trimmed)) modelTables.push(index + 1);
    if (trimmed.startsWith('[')) topLevel = false;
    const key = /^([A-Za-z0-9_-]+)\s*=/.exec(trimmed)?.[1];
    if (topLevel && key !== undefined && !keys.has(key)) keys.set(key, index + 1);
  });
  return { modelTables, keys };
}

/** `[[model]] #2 "x:y" (line 5)`: the n-th model table of a grid, with its line when known. */
export function modelSource(index: number, name: string, lines: GridEntryLines, modelCount: number): string {
  const line = lines.modelTables.length === modelCount ? lines.modelTables[index] : undefined;
  return `[[model]] #${index + 1} "${name}"${line === undefined ? '' : ` (line ${line})`}`;
}

/** `samples (line 3)`: a top-level key with its line when known. */
export function keySource(key: string, lines: GridEntryLines): string {
  const line = lines.keys.get(key);
  return line === undefined ? key : `${key} (line ${line})`;
}
