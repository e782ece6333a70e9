import { existsSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';

/**
 * The directory of vstd's source in cargo's registry for the vstd the crate uses (its Cargo.lock's
 * version, else an exact `=` requirement in its Cargo.toml), or null when it is not there. The
 * erasure rules read it to tell an item that exists only under verus_keep_ghost from a missing one.
 */
export function locateVstdSource(files: ReadonlyMap<string, Uint8Array>, environment: NodeJS.ProcessEnv): string | null {
  const version = readVstdVersion(files);
  if (version === null) return null;
  const registry = path.join(path.resolve(environment['CARGO_HOME'] ?? path.join(environment['HOME'] ?? os.homedir(), '.cargo')), 'registry', 'src');
  if (!existsSync(registry)) return null;
  for (const index of readdirSync(registry)) {
    const candidate = path.join(registry, index, `vstd-${version}`);
    if (existsSync(path.join(candidate, 'vstd.rs'))) return candidate;
  }
  return null;
}

function readVstdVersion(files: ReadonlyMap<string, Uint8Array>): string | null {
  const locked = readToml(files.get('Cargo.lock'))?.['package'];
  if (Array.isArray(locked)) {
    const vstd = locked.find((entry): entry is { name: string; version: string } => typeof entry === 'object' && entry !== null && (entry as { name?: unknown }).name === 'vstd' && typeof (entry as { version?: unknown }).version === 'string');
    if (vstd !== undefined) return vstd.version;
  }
  const dependency = (readToml(files.get('Cargo.toml'))?.['dependencies'] as Record<string, unknown> | undefined)?.['vstd'];
  const requirement = typeof dependency === 'string' ? dependency : typeof dependency === 'object' && dependency !== null ? (dependency as { version?: unknown }).version : undefined;
  const exact = typeof requirement === 'string' ? /^=\s*(\S+)$/.exec(requirement.trim()) : null;
  return exact?.[1] ?? null;
}

export function readToml(bytes: Uint8Array | undefined): Record<string, unknown> | null {
  if (bytes === undefined) return null;
  try {
    return parse(Buffer.from(bytes).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}
