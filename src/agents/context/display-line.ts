/** One line of prompt code: a file line (with its 1-based number) or a line we wrote (`number: null`). */
export interface DisplayLine {
  number: number | null;
  text: string;
}

/** File lines `first..last` (1-based, inclusive) as display lines. */
export function fileLines(sourceLines: readonly string[], first: number, last: number): DisplayLine[] {
  const lines: DisplayLine[] = [];
  for (let number = Math.max(1, first); number <= Math.min(last, sourceLines.length); number += 1) {
    lines.push({ number, text: sourceLines[number - 1] ?? '' });
  }
  return lines;
}
