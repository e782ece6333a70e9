import type { QueueJob } from '../jobs/queue-job.js';
import type { SnapshotFile } from './verification-snapshot.js';

/** What a crate's verdict is keyed on (listVerificationInputs): the root files and `src/**`. */
const CRATE_ROOT_FILES = new Set(['Cargo.toml', 'Cargo.lock', 'build.rs']);

/**
 * Why a snapshot holds a file that is no verification input of its target, or null. Checked before
 * anything is written: the job key covers only the inputs, so any other file (a `.cargo/config.toml`
 * with an alias that replaces `cargo verus`, a second crate for it to run, a `rust-toolchain.toml`
 * whose `path` names another cargo) could change what runs without changing the key. `.cargo` and
 * `rust-toolchain*` are refused even under `src/`, where cargo and rustup would read them for a
 * build script or a nested cargo started there.
 */
export function checkSnapshotInputs(files: readonly SnapshotFile[], target: QueueJob['target']): string | null {
  for (const { path: name } of files) {
    const segments = name.split('/');
    if (segments.includes('.cargo')) return `${JSON.stringify(name)} is cargo configuration, which a job may not carry`;
    if (segments.some((segment) => segment === 'rust-toolchain' || segment === 'rust-toolchain.toml')) return `${JSON.stringify(name)} is a toolchain override, which a job may not carry`;
    if (target.kind !== 'file' && !CRATE_ROOT_FILES.has(name) && segments[0] !== 'src') {
      return `${JSON.stringify(name)} is not a verification input of a crate (Cargo.toml, Cargo.lock, build.rs, src/**): the job key does not cover it`;
    }
  }
  return null;
}

/** Why the files written differ from what the job key covers (listVerificationInputs of the target), or null. */
export function compareWithKeyedInputs(written: readonly string[], keyed: readonly string[]): string | null {
  const covered = new Set(keyed);
  const extra = written.find((name) => !covered.has(name));
  if (extra !== undefined) return `${JSON.stringify(extra)} is not a verification input of this target: the job key does not cover it`;
  return null;
}
