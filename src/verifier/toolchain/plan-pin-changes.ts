import { ConfigurationError } from '../../core/errors.js';
import type { PinChange } from './update-toolchain-pin-text.js';
import { assetForRelease, tripleForRust, urlForRelease } from './toolchain-pin.js';

/** What `verus-repair toolchain pin` was asked to change; omitted parts stay as they are. */
export interface PinRequest {
  release?: string;
  rust?: string;
  vstd?: string;
  z3?: string;
}

/**
 * The pin.toml edits for a request, with everything that follows from it: a new release brings its
 * asset name and URL and clears the zip's sha256 (it must be locked again), a Rust version brings
 * its triple, and a vstd version is written as an exact requirement (`=`).
 */
export function planPinChanges(request: PinRequest): PinChange[] {
  const changes: PinChange[] = [];
  if (request.release !== undefined) {
    changes.push(
      { table: 'verus', key: 'release', value: request.release },
      { table: 'verus', key: 'asset', value: assetForRelease(request.release) },
      { table: 'verus', key: 'url', value: urlForRelease(request.release) },
      { table: 'verus', key: 'sha256', value: '' },
    );
  }
  if (request.rust !== undefined) {
    changes.push({ table: 'rust', key: 'toolchain', value: request.rust }, { table: 'rust', key: 'triple', value: tripleForRust(request.rust) });
  }
  if (request.vstd !== undefined) changes.push({ table: 'vstd', key: 'version', value: request.vstd.startsWith('=') ? request.vstd : `=${request.vstd}` });
  if (request.z3 !== undefined) changes.push({ table: 'z3', key: 'version', value: request.z3 });
  if (changes.length === 0) {
    throw new ConfigurationError('nothing to change: pass at least one of --release, --rust, --vstd, --z3. Example: verus-repair toolchain pin --release 0.2026.06.07.cd03505 --rust 1.95.0 --vstd 0.0.0-2026-05-31-0205 --z3 4.12.5');
  }
  return changes;
}
