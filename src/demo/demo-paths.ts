import path from 'node:path';
import { findPackageRoot } from './find-package-root.js';

/** Where the demo's bundled inputs live. The model cassette and verifier outputs are synthetic recordings. */
export function demoPaths(root: string = findPackageRoot()) {
  const fixture = path.join(root, 'rust-fixtures', 'binary-search');
  return {
    fixture,
    brokenSource: path.join(fixture, 'broken', 'missing-sorted-invariant.rs'),
    workspaceLock: path.join(root, 'rust-fixtures', 'Cargo.lock'),
    sharedTargetDir: path.join(root, 'rust-fixtures', 'target'),
    cassette: path.join(root, 'test', 'fixtures', 'demo', 'model-cassette.jsonl'),
    verifierRecordings: path.join(root, 'test', 'fixtures', 'demo', 'verifier-recordings.json'),
  };
}

/** Fixed so that the recorded model requests (which quote the run id) replay exactly. */
export const DEMO_RUN_ID = 'demo-binary-search';
export const DEMO_MODEL = 'demo-model';
