import { lstatSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';

/** The directory every file of a suite must be in: as the user gave it, and with its links resolved. */
export interface SuiteRoot {
  given: string;
  real: string;
}

/**
 * Where one path of a suite really is. A suite is untrusted input (a checkout someone published):
 * a file link to /etc/shadow named like a task would be read, sent to the model and copied into
 * the bench directory, so a path is used only once its real location is inside the root.
 */
export type SuitePathCheck =
  | { kind: 'inside'; real: string }
  | { kind: 'missing' }
  /** `outside`: it leaves the root; `unresolvable`: a dangling link or an unreadable path; `type`: not what was expected. */
  | { kind: 'refused'; reason: 'outside' | 'unresolvable' | 'type'; problem: string };

export function openSuiteRoot(directory: string): SuiteRoot {
  return { given: directory, real: realpathSync(directory) };
}

/** Checks CANDIDATE (an absolute path the suite names) against the root; nothing is opened or read. */
export function checkSuitePath(root: SuiteRoot, candidate: string, expected: 'file' | 'directory'): SuitePathCheck {
  let real: string;
  try {
    real = realpathSync(candidate);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' && !isLink(candidate)) return { kind: 'missing' };
    return { kind: 'refused', reason: 'unresolvable', problem: `${candidate} cannot be resolved (${code === 'ENOENT' ? 'a link to nothing' : code ?? 'unknown error'})` };
  }
  if (!isInside(root.real, real)) {
    const how = isLink(candidate) ? 'is a link to' : 'resolves to';
    return { kind: 'refused', reason: 'outside', problem: `${candidate} ${how} ${real}, outside the suite ${root.given}` };
  }
  const stats = statSync(real);
  if (expected === 'file' && stats.isDirectory()) return { kind: 'refused', reason: 'type', problem: `${candidate} is a directory, not a task file` };
  if (expected === 'file' && !stats.isFile()) return { kind: 'refused', reason: 'type', problem: `${candidate} is not a regular file` };
  if (expected === 'directory' && !stats.isDirectory()) return { kind: 'refused', reason: 'type', problem: `${candidate} is not a directory` };
  return { kind: 'inside', real };
}

/** Checks paths one by one, keeping every problem for refuseSuiteProblems; `resolve` is null for a missing or refused path. */
export interface SuitePathCollector {
  root: SuiteRoot;
  problems: string[];
  /** `missing`: the problem to keep when the path does not exist; without it a missing path is null, as for a refused one. */
  resolve(candidate: string, expected: 'file' | 'directory', missing?: string): string | null;
}

export function collectSuitePaths(root: SuiteRoot): SuitePathCollector {
  const problems: string[] = [];
  return {
    root,
    problems,
    resolve: (candidate, expected, missing) => {
      const checked = checkSuitePath(root, candidate, expected);
      if (checked.kind === 'refused') problems.push(checked.problem);
      if (checked.kind === 'missing' && missing !== undefined) problems.push(missing);
      return checked.kind === 'inside' ? checked.real : null;
    },
  };
}

/** Throws every problem at once, on one line, before any file of the suite is read. */
export function refuseSuiteProblems(root: SuiteRoot, problems: readonly string[]): void {
  if (problems.length === 0) return;
  throw new ConfigurationError(`refusing the suite ${root.given}: ${problems.join('; ')} (links are followed only to files inside the suite; copy the file into it instead)`);
}

export function isInside(directory: string, real: string): boolean {
  return real === directory || real.startsWith(directory.endsWith(path.sep) ? directory : `${directory}${path.sep}`);
}

function isLink(candidate: string): boolean {
  try {
    return lstatSync(candidate).isSymbolicLink();
  } catch {
    return false;
  }
}
