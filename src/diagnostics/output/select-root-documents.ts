import path from 'node:path';
import type { AttributedDocument } from './attribute-documents.js';
import type { JsonRecord } from './json-fields.js';
import { readPackageId, type CargoPackage } from './read-package-id.js';

/** The crate a run verifies: its package name (from its Cargo.toml) and its directory as cargo sees it. */
export interface RootPackage {
  name: string | null;
  directory: string | null;
}

/**
 * The results documents that speak for the root crate. Under `cargo verus`, every unit compiled
 * with `--output-json` prints one (vstd too, when the Verus args reach it), and functions of
 * different packages must never be mixed: keep the root package's documents (one per target, e.g.
 * lib and bin). When no document is known to be the root's, the last one nobody claimed; when
 * nothing is attributed at all (a single-file run, or no root given), the last document.
 */
export function selectRootDocuments(documents: readonly AttributedDocument[], root: RootPackage | null): JsonRecord[] {
  const last = documents.at(-1);
  if (last === undefined) return [];
  if (root === null || documents.every((entry) => entry.packageId === null)) return [last.document];
  const owned = documents.filter((entry) => entry.packageId !== null && isRootPackage(readPackageId(entry.packageId), root));
  if (owned.length > 0) return owned.map((entry) => entry.document);
  const unclaimed = documents.filter((entry) => entry.packageId === null).at(-1);
  return unclaimed === undefined ? [] : [unclaimed.document];
}

function isRootPackage(candidate: CargoPackage, root: RootPackage): boolean {
  if (candidate.name !== null && root.name !== null && candidate.name === root.name) return true;
  return candidate.directory !== null && root.directory !== null && path.resolve(candidate.directory) === path.resolve(root.directory);
}
