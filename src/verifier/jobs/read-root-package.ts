import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import type { VerificationTarget } from '../../core/verifier.js';
import type { RootPackage } from '../../diagnostics/output/select-root-documents.js';

/**
 * The package whose results document decides a cargo run: the name in the crate's Cargo.toml and
 * the crate directory as the verifier process sees it (`directory`: the host path, or the
 * container's). Null for single files. An unreadable manifest leaves the name null (the directory
 * still identifies the package); the pre-check and cargo report manifest errors themselves.
 */
export async function readRootPackage(target: VerificationTarget, directory: string): Promise<RootPackage | null> {
  if (target.kind === 'file') return null;
  try {
    const document = parse(await readFile(path.join(target.crateDir, 'Cargo.toml'), 'utf8')) as { package?: { name?: unknown } };
    return { name: typeof document.package?.name === 'string' ? document.package.name : null, directory };
  } catch {
    return { name: null, directory };
  }
}
