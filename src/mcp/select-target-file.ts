import { Buffer } from 'node:buffer';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';
import type { McpSession, SessionTarget } from './mcp-session.js';
import type { SessionCrate } from './open-session-crate.js';
import { McpToolError } from './mcp-tool-error.js';

/**
 * The file the session's candidates edit (the only file the guard lets change): fixed by the first
 * verify, guard or record, from `file` when given, else the one source file that differs from the
 * baseline, else src/lib.rs or src/main.rs.
 */
export function selectTargetFile(session: McpSession, crate: SessionCrate, files: CrateFiles, file: string | undefined): SessionTarget {
  const named = file === undefined ? undefined : crateRelative(crate, file);
  if (session.target !== null) {
    if (named !== undefined && named !== session.target.file) throw new McpToolError(`this session edits ${session.target.file}; ${named} is another file (start a new session to work on it)`);
    return session.target;
  }
  const changed = listChangedFiles(crate.baseline.files, files).filter((path) => path.endsWith('.rs'));
  const chosen = named ?? (changed.length === 1 ? changed[0] : undefined) ?? ['src/lib.rs', 'src/main.rs'].find((path) => crate.baseline.files.has(path));
  if (chosen === undefined || !crate.baseline.files.has(chosen)) throw new McpToolError(`name the file to work on with "file": ${chosen ?? 'the crate has no src/lib.rs or src/main.rs'}${chosen === undefined ? '' : ' is not a source file of the crate'}`);
  session.target = { crateDir: crate.crateDir, file: chosen };
  return session.target;
}

/** Crate-relative paths whose bytes differ between two snapshots (added and removed files included). */
export function listChangedFiles(before: CrateFiles, after: CrateFiles): string[] {
  const paths = new Set([...before.keys(), ...after.keys()]);
  return [...paths].filter((path) => {
    const left = before.get(path);
    const right = after.get(path);
    return left === undefined || right === undefined || !Buffer.from(left).equals(Buffer.from(right));
  }).sort();
}

function crateRelative(crate: SessionCrate, file: string): string {
  // `file` was confined (openSessionCrate) to the repository; inside the crate it is relative to the crate.
  const normalized = file.split('\\').join('/').replace(/^\.\//, '');
  const prefix = crate.crateDir === '' ? '' : `${crate.crateDir}/`;
  if (prefix !== '' && !normalized.startsWith(prefix)) throw new McpToolError(`file ${JSON.stringify(file)} is not in the crate ${crate.crateDir}`);
  return normalized.slice(prefix.length);
}
