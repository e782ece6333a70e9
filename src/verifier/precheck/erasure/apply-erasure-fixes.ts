import type { ErasureFix } from '../../../core/verifier-precheck.js';
import type { VerusFileIr } from '../../../ir/index.js';
import { addCompanionCrates, listNamedCompanions } from './add-companion-crates.js';
import { planGhostImportDrops } from './drop-ghost-imports.js';
import { indexCrateItems } from './index-crate-items.js';
import { locateVstdSource } from './locate-vstd-source.js';
import { vstdGhostIndexFor } from './vstd-ghost-index.js';
import { findCompanionVersions } from './find-companion-versions.js';
import { parseCrateSources } from './parse-crate-sources.js';
import { applySourceEdits, hasTransparentType, planSourceFixes } from './plan-source-fixes.js';

/** A crate's files made ready for the erased build, and the fixes made (one line each). */
export interface ErasureFixedFiles {
  files: Map<string, Uint8Array>;
  fixes: ErasureFix[];
  /** The files the fixes changed (relative paths), to write over a copy. */
  changed: string[];
}

/**
 * The mechanical, safe fixes for an erased build, made on a file map (a crate's files by relative
 * path; the caller writes them to a private copy, never over the user's files): Verus-only
 * attributes blanked and rustc's repr_transparent lint allowed (planSourceFixes), vstd's companion
 * crates added to Cargo.toml when the sources name them (addCompanionCrates). A crate that needs
 * none comes back unchanged with no fixes. Used by the pre-check and by check-spec's harness copy;
 * the harness copy, which must build, also drops imports of ghost-only items (`dropGhostImports`,
 * planGhostImportDrops), which the pre-check instead reports as not applicable.
 */
export async function applyErasureFixes(files: ReadonlyMap<string, Uint8Array>, environment: NodeJS.ProcessEnv = process.env, parsed?: ReadonlyMap<string, VerusFileIr>, options: { dropGhostImports?: boolean } = {}): Promise<ErasureFixedFiles> {
  const irs = parsed ?? (await parseCrateSources(files));
  const transparent = [...irs.values()].some(hasTransparentType);
  const crate = options.dropGhostImports === true ? indexCrateItems(irs) : null;
  const vstdDir = crate === null ? null : locateVstdSource(files, environment);
  const vstd = vstdDir === null ? null : vstdGhostIndexFor(vstdDir);
  const result = new Map(files);
  const fixes: ErasureFix[] = [];
  const changed: string[] = [];
  for (const [file, ir] of irs) {
    const planned = planSourceFixes(file, ir, transparent);
    if (crate !== null) {
      const drops = await planGhostImportDrops(file, ir, crate, vstd);
      planned.edits.push(...drops.edits);
      planned.fixes.push(...drops.fixes);
    }
    if (planned.edits.length === 0) continue;
    result.set(file, applySourceEdits(files.get(file)!, planned.edits));
    fixes.push(...planned.fixes);
    changed.push(file);
  }
  const manifest = files.get('Cargo.toml');
  const named = listNamedCompanions(irs.values());
  if (manifest !== undefined && named.size > 0) {
    const added = addCompanionCrates(Buffer.from(manifest).toString('utf8'), named, findCompanionVersions(files, environment));
    if (added !== null) {
      result.set('Cargo.toml', new Uint8Array(Buffer.from(added.manifest, 'utf8')));
      fixes.push(...added.fixes);
      changed.push('Cargo.toml');
    }
  }
  return { files: result, fixes, changed };
}
