// CSI sequences (colours, cursor moves), OSC sequences (hyperlinks, titles) and lone two-byte escapes.
const ANSI_PATTERN = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;

/** Removes terminal escape sequences, so coloured logs parse like plain ones. */
export function stripAnsi(text: string): string {
  return text.includes('\u001b') ? text.replace(ANSI_PATTERN, '') : text;
}
