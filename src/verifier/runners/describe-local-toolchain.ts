import { stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Finds a program the way a shell would: a path containing `/` is used as is, a bare name is
 * searched on PATH. Returns null when it does not exist.
 */
export async function resolveExecutable(program: string, searchPath: string | undefined): Promise<string | null> {
  const candidates = program.includes('/') ? [program] : (searchPath ?? '').split(path.delimiter).filter((entry) => entry !== '').map((entry) => path.join(entry, program));
  for (const candidate of candidates) {
    try {
      if ((await stat(candidate)).isFile()) return candidate;
    } catch {
      // not here; keep looking
    }
  }
  return null;
}

/**
 * Names the local binaries a run would use by path, size and modification time: an upgraded or
 * replaced Verus changes the text, so cached verdicts of the old one no longer match.
 */
export async function describeLocalBinaries(programs: string[], searchPath: string | undefined): Promise<string> {
  const parts: string[] = [];
  for (const program of programs) {
    const resolved = await resolveExecutable(program, searchPath);
    if (resolved === null) {
      parts.push(`${program}=missing`);
      continue;
    }
    const facts = await stat(resolved);
    parts.push(`${program}=${resolved}:${facts.size}:${Math.round(facts.mtimeMs)}`);
  }
  return parts.join(';');
}
