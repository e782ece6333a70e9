/**
 * Whole escape sequences, longest forms first: OSC, DCS, SOS, PM and APC strings (7-bit `ESC ] … BEL|ST`
 * and 8-bit `0x9d … 0x9c`), CSI (`ESC [` or `0x9b`, parameters, intermediates, final byte), then
 * two-byte escapes such as `ESC c` (reset) or `ESC ( 0` (charset).
 */
const ESCAPE_SEQUENCE = new RegExp(
  [
    '(?:\\x1b[\\]PX^_]|[\\x90\\x98\\x9d\\x9e\\x9f])[^\\x07\\x1b\\x9c]*(?:\\x07|\\x1b\\\\|\\x9c)',
    '(?:\\x1b\\[|\\x9b)[0-?]*[ -/]*[@-~]',
    '\\x1b[ -/]*[0-~]',
  ].join('|'),
  'g',
);

/**
 * C0 controls except tab and newline, DEL, and C1 controls (including a lone ESC left by a cut
 * sequence); and the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069)
 * that make a line display in another order than it reads ("Trojan Source").
 */
const CONTROL_CHARACTER = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Makes untrusted text (anything a model wrote, or a verifier quoted from a model's code) safe to
 * show: removes terminal escape sequences whole, bidirectional overrides, and every other control
 * character but `\n` and `\t`, so printed text cannot clear the screen, move the cursor, set the
 * window title, hide a line with `\r` or reorder what a reader sees. Only the cassette keeps the raw text.
 */
export function sanitizeUntrustedText(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL_CHARACTER, '');
}
