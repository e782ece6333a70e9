import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse, stringify } from 'smol-toml';
import { applyErasureFixes, type ErasureFixedFiles } from '../../verifier/precheck/erasure/apply-erasure-fixes.js';
import { writeScratchCrate } from '../../verifier/precheck/write-scratch-crate.js';
import type { HarnessDirectory } from './acquire-harness-directory.js';
import { nameHarnessPackageAfterSlot } from './name-harness-package-after-slot.js';
import { omitHarnessDebugInfo } from './omit-harness-debug-info.js';
import { syncHarnessDirectory } from './sync-harness-directory.js';
import { HARNESS_RUNTIME_PACKAGE } from './write-harness-runtime-crate.js';

/**
 * The crate's files as the harness copy builds them: the erased pre-check's mechanical fixes
 * (Verus-only attributes, the repr_transparent lint, companion crates) and imports of ghost-only
 * items dropped, on the copy only (the harness must build). Once per check: every build of its
 * harness copies the same crate.
 */
export function fixHarnessFiles(files: ReadonlyMap<string, Uint8Array>, environment: NodeJS.ProcessEnv): Promise<ErasureFixedFiles> {
  return applyErasureFixes(files, environment, undefined, { dropGhostImports: true });
}

export const HARNESS_MODULE = 'src/verus_repair_spec_check.rs';
/** Every harness binary's name starts so; each crate's adds a suffix of its own (see writeHarnessCrate). */
export const HARNESS_BIN_PREFIX = 'verus-repair-spec-check';

/** `fixes`: the erasure fixes made to the copy (one line each), so that the report can say what it built. */
export type HarnessCrate = { ok: true; directory: string; binary: string; fixes: string[] } | { ok: false; reason: string };

/**
 * A copy of the user's crate with the harness module added to its library and a binary that runs
 * it, written by writeScratchCrate (the same as repair's candidate copies: a package name of its
 * own, so it can share the cargo target directory, and the enclosing Cargo.lock) into `harness`'s
 * directory, never in the user's tree. In a slot the package and the binary are named after the
 * slot (nameHarnessPackageAfterSlot), and only the files whose content changed since the slot's last
 * check are written (syncHarnessDirectory): cargo then rebuilds only what a change to the crate
 * touches. Anything else in the directory is removed, the checked copy of a cached binary included.
 *
 * The binary's name is the crate's own too: cargo hard-links a built bin to `<target>/debug/<bin
 * name>` and reports that path as the artifact's `executable` (C core/compiler/build_runner/mod.rs:396-407,
 * compilation_files.rs:452-475, cargo 0.96.0). Under one shared name, a check building after this one
 * replaces that file before this one runs it, and this check runs the other's harness. A slot's
 * name is only ever built by the slot's lease holder.
 *
 * The runtime is a path dependency on `runtimeDir` (writeHarnessRuntimeCrate), built once.
 */
export async function writeHarnessCrate(crateDir: string, fixed: ErasureFixedFiles, harnessSource: string, runtimeDir: string, harness: HarnessDirectory): Promise<HarnessCrate> {
  const manifestBytes = fixed.files.get('Cargo.toml');
  if (manifestBytes === undefined) return { ok: false, reason: 'the crate has no Cargo.toml' };
  const manifest = parse(new TextDecoder().decode(manifestBytes)) as Record<string, unknown>;
  const lib = (manifest['lib'] ?? {}) as Record<string, unknown>;
  const libPath = typeof lib['path'] === 'string' ? lib['path'].replace(/^\.\//, '') : 'src/lib.rs';
  const libBytes = fixed.files.get(libPath);
  const pkg = (manifest['package'] ?? {}) as Record<string, unknown>;
  if (libBytes === undefined || typeof pkg['name'] !== 'string') return { ok: false, reason: `the crate has no library target (${libPath}): the harness calls the functions through it` };
  const libName = typeof lib['name'] === 'string' ? lib['name'] : pkg['name'].replace(/-/g, '_');
  const bins = Array.isArray(manifest['bin']) ? (manifest['bin'] as unknown[]) : [];
  const binary = `${HARNESS_BIN_PREFIX}-${harness.kind === 'slot' ? harness.identity : randomBytes(6).toString('hex')}`;
  manifest['bin'] = [...bins, { name: binary, path: 'src/bin/verus_repair_spec_check.rs' }];
  const dependencies = (manifest['dependencies'] ?? {}) as Record<string, unknown>;
  manifest['dependencies'] = { ...dependencies, [HARNESS_RUNTIME_PACKAGE]: { path: runtimeDir } };
  const files = new Map(fixed.files);
  files.set('Cargo.toml', new TextEncoder().encode(stringify(manifest)));
  files.set(libPath, new TextEncoder().encode(`${new TextDecoder().decode(libBytes)}\n#[doc(hidden)]\n#[path = "verus_repair_spec_check.rs"]\npub mod verus_repair_spec_check;\n`));
  files.set(path.posix.join(path.posix.dirname(libPath), 'verus_repair_spec_check.rs'), new TextEncoder().encode(harnessSource));
  files.set('src/bin/verus_repair_spec_check.rs', new TextEncoder().encode(`fn main() {\n    ${libName}::verus_repair_spec_check::main()\n}\n`));
  // Written whole to a staging directory first (writeScratchCrate writes every file), then synced by content.
  const staging = await mkdtemp(path.join(tmpdir(), 'verus-repair-spec-check-staging-'));
  try {
    await writeScratchCrate(files, crateDir, staging);
    if (harness.kind === 'slot') await nameHarnessPackageAfterSlot(staging, harness.identity);
    await omitHarnessDebugInfo(staging);
    await syncHarnessDirectory(await readDirectoryFiles(staging), harness.directory);
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return { ok: true, directory: harness.directory, binary, fixes: fixed.fixes.map((fix) => fix.description) };
}

async function readDirectoryFiles(directory: string, relative = '', files = new Map<string, Uint8Array>()): Promise<Map<string, Uint8Array>> {
  for (const entry of await readdir(path.join(directory, relative), { withFileTypes: true })) {
    const name = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) await readDirectoryFiles(directory, name, files);
    else if (entry.isFile()) files.set(name, await readFile(path.join(directory, ...name.split('/'))));
  }
  return files;
}
