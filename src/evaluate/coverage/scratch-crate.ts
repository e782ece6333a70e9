import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_ROOT } from '../../verifier/toolchain/packaged-paths.js';
import type { VstdPin } from '../../verifier/toolchain/toolchain-pin.js';

/** Where a single-file task's source goes inside its scratch crate. */
export const SCRATCH_CRATE_FILE = 'src/lib.rs';

/** The lock file shipped with the demo crate: it pins vstd's dependency tree, so cargo needs no network. */
const SHIPPED_LOCK = path.join(PACKAGE_ROOT, 'demo', 'binary-search', 'Cargo.lock');

/**
 * The `[dependencies]` of a scratch crate: the pin's vstd, and the crates vstd requires exactly
 * (those the pin records), because Verus files name them (`extern crate verus_builtin_macros;`,
 * `use verus_builtin::*;`). They must be vstd's own versions: another copy of verus_builtin would
 * make vstd's items and the file's two different crates' items.
 */
export function listScratchDependencies(vstd: VstdPin): Array<[string, string]> {
  const companions: Array<[string, string | undefined]> = [
    ['verus_builtin', vstd.verus_builtin],
    ['verus_builtin_macros', vstd.verus_builtin_macros],
    ['verus_state_machines_macros', vstd.verus_state_machines_macros],
  ];
  return [['vstd', vstd.version], ...companions.filter((entry): entry is [string, string] => entry[1] !== undefined)];
}

/**
 * Writes a crate around one single-file task (Verus-Bench style): Cargo.toml depending on the vstd
 * the toolchain pin names (with its companion crates), with Verus's cfg names declared, and the
 * source as src/lib.rs.
 */
export async function writeScratchCrate(crateDir: string, vstd: VstdPin): Promise<void> {
  await mkdir(path.join(crateDir, 'src'), { recursive: true });
  await writeFile(path.join(crateDir, 'Cargo.toml'), [
    '[package]', 'name = "verus-bench-task"', 'version = "0.1.0"', 'edition = "2021"', 'publish = false', '',
    '[dependencies]', ...listScratchDependencies(vstd).map(([name, version]) => `${name} = ${JSON.stringify(version)}`), '', '[package.metadata.verus]', 'verify = true', '',
    '[lints.rust]', `unexpected_cfgs = { level = "warn", check-cfg = ['cfg(verus_only)', 'cfg(verus_keep_ghost)', 'cfg(verus_keep_ghost_body)'] }`, '',
  ].join('\n'));
  if (existsSync(SHIPPED_LOCK)) await copyFile(SHIPPED_LOCK, path.join(crateDir, 'Cargo.lock'));
}
