import { assertNever } from '../core/assert-never.js';
import { ConfigurationError } from '../core/errors.js';
import type { CrateChange } from './crate-change.js';
import { parseCrateManifest } from './read-crate-manifest.js';

const HEADER = /^\s*\[([^\]]+)\]\s*(?:#.*)?$/;

/**
 * Applies the changes to Cargo.toml text line by line, keeping the rest of the file as written. The
 * result must parse and show every change, or nothing is written.
 */
export function applyCrateChanges(text: string, changes: CrateChange[], file: string): string {
  let lines = text.replace(/\n$/, '').split('\n');
  for (const change of changes) {
    switch (change.kind) {
      case 'add-vstd':
        lines = insertInTable(lines, 'dependencies', `vstd = "${change.requirement}"`);
        break;
      case 'set-vstd':
        lines = replaceInTable(lines, 'dependencies', /^(\s*vstd\s*=\s*)(?:"[^"]*"|(\{.*?version\s*=\s*)"[^"]*"(.*\}))(.*)$/, (match) =>
          match[2] === undefined ? `${match[1] ?? ''}"${change.requirement}"${match[4] ?? ''}` : `${match[1] ?? ''}${match[2]}"${change.requirement}"${match[3] ?? ''}${match[4] ?? ''}`, file);
        break;
      case 'enable-verify':
        lines = hasTable(lines, 'package.metadata.verus')
          ? replaceOrInsert(lines, 'package.metadata.verus', /^(\s*verify\s*=\s*)\S+(.*)$/, 'verify = true')
          : insertInTable(lines, 'package.metadata.verus', 'verify = true');
        break;
      default:
        assertNever(change, 'crate change');
    }
  }
  const result = `${lines.join('\n')}\n`;
  const check = parseCrateManifest(result, file);
  if (!check.verifyEnabled && changes.some((change) => change.kind === 'enable-verify')) throw new ConfigurationError(`${file}: could not set [package.metadata.verus] verify = true; add it by hand`);
  if (changes.some((change) => change.kind !== 'enable-verify') && check.vstd.kind !== 'version') throw new ConfigurationError(`${file}: could not set the vstd dependency; set it by hand`);
  return result;
}

function hasTable(lines: string[], name: string): boolean {
  return lines.some((line) => HEADER.exec(line)?.[1]?.trim() === name);
}

/** Adds `entry` at the end of `[name]` (after its last non-blank line), or a new table at the end of the file. */
function insertInTable(lines: string[], name: string, entry: string): string[] {
  const start = lines.findIndex((line) => HEADER.exec(line)?.[1]?.trim() === name);
  if (start === -1) return [...lines, '', `[${name}]`, entry];
  let end = start + 1;
  while (end < lines.length && !HEADER.test(lines[end] ?? '')) end += 1;
  let insertAt = end;
  while (insertAt > start + 1 && (lines[insertAt - 1] ?? '').trim() === '') insertAt -= 1;
  return [...lines.slice(0, insertAt), entry, ...lines.slice(insertAt)];
}

function replaceInTable(lines: string[], name: string, pattern: RegExp, replace: (match: RegExpExecArray) => string, file: string): string[] {
  let table: string | null = null;
  for (const [index, line] of lines.entries()) {
    const header = HEADER.exec(line);
    if (header !== null) table = header[1]?.trim() ?? null;
    const match = table === name ? pattern.exec(line) : null;
    if (match !== null) return lines.map((original, at) => (at === index ? replace(match) : original));
  }
  throw new ConfigurationError(`${file}: no vstd line to change in [${name}] (a multi-line table?); set vstd by hand`);
}

function replaceOrInsert(lines: string[], name: string, pattern: RegExp, entry: string): string[] {
  let table: string | null = null;
  for (const [index, line] of lines.entries()) {
    const header = HEADER.exec(line);
    if (header !== null) table = header[1]?.trim() ?? null;
    if (table === name && pattern.test(line)) return lines.map((original, at) => (at === index ? entry : original));
  }
  return insertInTable(lines, name, entry);
}
