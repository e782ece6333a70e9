import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { ConfigurationError } from '../core/errors.js';
import type { CrateManifest, VstdDependency } from './crate-manifest.js';

/** Reads `<crateDir>/Cargo.toml`; a missing, unreadable or package-less manifest is a ConfigurationError naming the file. */
export async function readCrateManifest(crateDir: string): Promise<CrateManifest> {
  const file = path.join(crateDir, 'Cargo.toml');
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new ConfigurationError(missing ? `${file}: no such file; pass the directory of a Verus crate (verus-repair init path/to/crate)` : `cannot read ${file}: ${(error as Error).message}`);
  }
  return parseCrateManifest(text, file);
}

export function parseCrateManifest(text: string, file: string): CrateManifest {
  let document: Record<string, unknown>;
  try {
    document = parse(text) as Record<string, unknown>;
  } catch (error) {
    const where = error instanceof TomlError ? `${file}:${error.line}:${error.column}` : file;
    throw new ConfigurationError(`${where}: not valid TOML (${String((error as Error).message).split('\n')[0]})`);
  }
  const pkg = table(document['package']);
  if (pkg === null || typeof pkg['name'] !== 'string') {
    throw new ConfigurationError(`${file}: no [package] with a name (a workspace manifest?); pass the directory of one crate, e.g. verus-repair init crates/my-crate`);
  }
  const verus = table(table(pkg['metadata'])?.['verus']);
  return { file, text, name: pkg['name'], vstd: readVstd(table(document['dependencies'])?.['vstd']), verifyEnabled: verus?.['verify'] === true };
}

function readVstd(value: unknown): VstdDependency {
  if (value === undefined) return { kind: 'missing' };
  if (typeof value === 'string') return { kind: 'version', requirement: value };
  const entry = table(value);
  if (entry !== null && typeof entry['version'] === 'string' && entry['path'] === undefined && entry['git'] === undefined) return { kind: 'version', requirement: entry['version'] };
  const source = entry === null ? 'an unusual form' : entry['workspace'] === true ? 'the workspace' : entry['git'] !== undefined ? `git ${String(entry['git'])}` : entry['path'] !== undefined ? `path ${String(entry['path'])}` : 'an unusual form';
  return { kind: 'other', description: source };
}

function table(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}
