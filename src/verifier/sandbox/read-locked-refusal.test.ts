import { describe, expect, it } from 'vitest';
import { readLockedRefusal } from './read-locked-refusal.js';

// cargo's stderr under --locked, as cargo 1.95 (cargo 0.96) printed it here, and the wording before cargo 2ba6f8cbe.
describe('readLockedRefusal', () => {
  it('reads which lock cargo refused to update (stale) or create (missing), in the current and the older wording', () => {
    expect(readLockedRefusal('error: cannot update the lock file /w/Cargo.lock because --locked was passed to prevent this\nhelp: to generate the lock file without accessing the network, remove the --locked flag and use --offline instead.\n')).toEqual({ lock: 'stale', lockFile: '/w/Cargo.lock' });
    expect(readLockedRefusal('Error: `cargo metadata` exited with an error: error: cannot create the lock file /a b/Cargo.lock because --frozen was passed to prevent this\n')).toEqual({ lock: 'missing', lockFile: '/a b/Cargo.lock' });
    expect(readLockedRefusal('error: the lock file /w/Cargo.lock needs to be updated but --locked was passed to prevent this\n')).toEqual({ lock: 'stale', lockFile: '/w/Cargo.lock' });
  });

  it('is null for any other failure', () => {
    expect(readLockedRefusal('error: failed to parse manifest at `/w/Cargo.toml`\n')).toBeNull();
    expect(readLockedRefusal('')).toBeNull();
  });
});
