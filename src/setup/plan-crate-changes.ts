import type { CrateChange } from './crate-change.js';
import type { CrateManifest } from './crate-manifest.js';

/**
 * What a crate needs so that verus-repair can verify it with the pinned toolchain: vstd at exactly
 * the pin's version (a looser requirement may resolve to a vstd another Verus release expects) and
 * `[package.metadata.verus] verify = true`. A path, git or workspace vstd is left to the user.
 */
export function planCrateChanges(manifest: CrateManifest, pinnedVstd: string): { changes: CrateChange[]; notes: string[] } {
  const changes: CrateChange[] = [];
  const notes: string[] = [];
  const vstd = manifest.vstd;
  if (vstd.kind === 'missing') changes.push({ kind: 'add-vstd', requirement: pinnedVstd });
  else if (vstd.kind === 'version' && vstd.requirement.replace(/\s/g, '') !== pinnedVstd) changes.push({ kind: 'set-vstd', from: vstd.requirement, requirement: pinnedVstd });
  else if (vstd.kind === 'other') notes.push(`vstd comes from ${vstd.description}; check yourself that it is vstd ${pinnedVstd}, the one paired with the pinned release`);
  if (!manifest.verifyEnabled) changes.push({ kind: 'enable-verify' });
  return { changes, notes };
}
