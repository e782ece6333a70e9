import { lstat } from 'node:fs/promises';
import path from 'node:path';

/**
 * Files outside a job that cargo or rustup would still read for a cargo started in `directory`:
 * cargo merges `.cargo/config` and `.cargo/config.toml` of the directory and every ancestor (C
 * src/cargo/util/context/mod.rs:1652-1684 `walk_tree`, reached from `load_values`, 1257 and
 * 1309-1327, cargo 0.96.0), and an `[alias] verus` there replaces the cargo-verus subcommand
 * (C src/bin/cargo/cli.rs:280-320 and main.rs:154-179: a user alias shadowing an external
 * subcommand is only a warning). rustup's proxies take a `rust-toolchain(.toml)` from the same
 * ancestors, whose `path` may name any cargo. A worker refuses to start, and refuses a job, while
 * any of them exists. (The CARGO_HOME config is never read: the worker gives cargo its own.)
 */
export async function findInheritedCargoConfiguration(directory: string): Promise<string[]> {
  const found: string[] = [];
  for (let current = path.resolve(directory); ; current = path.dirname(current)) {
    for (const name of [path.join('.cargo', 'config'), path.join('.cargo', 'config.toml'), 'rust-toolchain', 'rust-toolchain.toml']) {
      const candidate = path.join(current, name);
      if (await exists(candidate)) found.push(candidate);
    }
    if (path.dirname(current) === current) return found;
  }
}

async function exists(file: string): Promise<boolean> {
  try {
    await lstat(file);
    return true;
  } catch {
    return false;
  }
}
