import { ConfigurationError } from '../../core/errors.js';

/** One value to set: `key` inside `[table]`. */
export interface PinChange {
  table: string;
  key: string;
  value: string;
}

/**
 * Sets string values in pin.toml text, line by line, keeping comments and layout. A key that is not
 * in the file is an error (the pin's shape is fixed; restore the file rather than guess).
 */
export function updateToolchainPinText(text: string, changes: PinChange[], file: string): string {
  const lines = text.split('\n');
  for (const change of changes) {
    let table: string | null = null;
    let found = false;
    for (let index = 0; index < lines.length; index += 1) {
      const line = lines[index] ?? '';
      const header = line.match(/^\s*\[([A-Za-z0-9_.-]+)\]\s*(?:#.*)?$/);
      if (header !== null) {
        table = header[1] ?? null;
        continue;
      }
      if (table !== change.table) continue;
      const assignment = line.match(new RegExp(`^(\\s*${change.key}\\s*=\\s*)"(?:[^"\\\\]|\\\\.)*"(.*)$`));
      if (assignment === null) continue;
      lines[index] = `${assignment[1] ?? ''}${JSON.stringify(change.value)}${assignment[2] ?? ''}`;
      found = true;
      break;
    }
    if (!found) throw new ConfigurationError(`${file}: no ${change.table}.${change.key} = "..." line to update; restore the file from verus-toolchain/pin.toml in the verus-repair package`);
  }
  return lines.join('\n');
}
