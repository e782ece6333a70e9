import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/**
 * The cargo target directory of the demo's erased pre-check, kept across runs so vstd compiles once:
 * in a clone, the fixtures' shared `rust-fixtures/target`; in an installed package (which holds no
 * fixtures and must not be written to), the user's cache directory.
 */
export function demoTargetDir(packageRoot: string, environment: NodeJS.ProcessEnv = process.env): string {
  const fixtures = path.join(packageRoot, 'rust-fixtures');
  if (existsSync(path.join(fixtures, 'Cargo.toml'))) return path.join(fixtures, 'target');
  const cacheHome = environment['XDG_CACHE_HOME'] ?? path.join(environment['HOME'] ?? homedir(), '.cache');
  return path.join(cacheHome, 'verus-repair', 'demo-target');
}
