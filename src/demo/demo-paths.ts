import path from 'node:path';
import { findPackageRoot } from './find-package-root.js';

/**
 * Where the demo's bundled inputs live: the package's `demo/` folder, shipped in the npm package so
 * that `npx verus-repair demo` works from an install as from a clone. The model cassette and the
 * verifier outputs are synthetic recordings (see demo/README.md).
 */
export function demoPaths(root: string = findPackageRoot()) {
  const assets = path.join(root, 'demo');
  const crate = path.join(assets, 'binary-search');
  return {
    assets,
    /** The binary-search crate with its `sorted(v@)` loop invariant removed (Cargo.toml, Cargo.lock, src/lib.rs). */
    crate,
    brokenSource: path.join(crate, 'src', 'lib.rs'),
    cassette: path.join(assets, 'model-cassette.jsonl'),
    verifierRecordings: path.join(assets, 'verifier-recordings.json'),
  };
}

export type DemoPaths = ReturnType<typeof demoPaths>;

/** Fixed so that the recorded model requests (which quote the run id) replay exactly. */
export const DEMO_RUN_ID = 'demo-binary-search';
export const DEMO_MODEL = 'demo-model';
