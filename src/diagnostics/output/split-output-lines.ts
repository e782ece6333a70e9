import { OUTPUT_LIMITS } from './output-limits.js';
import { stripAnsi } from './strip-ansi.js';

/** One printed line, ANSI-free, without its line terminator. Oversized lines keep no text. */
export interface OutputLine {
  text: string;
  oversized: boolean;
}

/** Splits one stream into lines (LF, CRLF or CR), strips ANSI, and blanks out lines over the size limit. */
export function splitOutputLines(stream: string): OutputLine[] {
  if (stream === '') return [];
  // The common case (LF only, no colour) avoids a regex split and a per-line escape scan.
  const raw = stream.includes('\r') ? stream.split(/\r\n|\n|\r/) : stream.split('\n');
  if (raw[raw.length - 1] === '') raw.pop();
  const coloured = stream.includes('\u001b');
  return raw.map((line) =>
    line.length > OUTPUT_LIMITS.maxLineLength ? { text: '', oversized: true } : { text: coloured ? stripAnsi(line) : line, oversized: false },
  );
}
