import path from 'node:path';
import { createTemporaryDirectory, writeFileTree } from './temporary-directory.js';

/** The vstd paired with the pinned release; already in ~/.cargo/registry on the development machines. */
export const PINNED_VSTD = '=0.0.0-2026-05-31-0205';

/** A shared target directory so vstd builds once for every test crate. */
export const SHARED_TARGET_DIR = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', 'rust-fixtures', 'target');

export const VERIFYING_LIB_RS = `use vstd::prelude::*;

verus! {

pub fn add_one(x: u32) -> (r: u32)
    requires x < 100,
    ensures r == x + 1,
{
    x + 1
}

pub mod lemmas {
    use vstd::prelude::*;

    pub proof fn double(n: nat) -> (m: nat)
        ensures m == n + n,
    {
        n + n
    }
}

} // verus!
`;

/**
 * Writes a crate named `runner-demo` into a fresh temporary directory (with its own `[workspace]`
 * so no parent workspace claims it) and returns its path. `files` adds or replaces files.
 */
export function createTemporaryCrate(files: Record<string, string> = {}): string {
  const directory = createTemporaryDirectory('crate-test');
  const all: Record<string, string> = {
    'Cargo.toml': `[package]\nname = "runner-demo"\nversion = "0.1.0"\nedition = "2021"\n\n[dependencies]\nvstd = "${PINNED_VSTD}"\n\n[package.metadata.verus]\nverify = true\n\n[workspace]\n`,
    'src/lib.rs': VERIFYING_LIB_RS,
    ...files,
  };
  writeFileTree(directory, all);
  return directory;
}
