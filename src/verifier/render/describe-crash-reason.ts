import { assertNever } from '../../core/assert-never.js';
import type { CrashReason } from '../../core/verifier-result.js';

/** What a crash reason means for the user, and what to do about it; empty when the stderr tail says enough. */
export function describeCrashReason(reason: CrashReason | undefined): string[] {
  switch (reason) {
    case 'no-results-document':
      return [
        'cargo exited 0 but printed no results document for the crate: cargo considered the crate fresh and replayed only its cached messages.',
        'verus-repair sends a new --log-dir on every run so that cargo re-verifies the crate; if verifier.extra_verus_args holds a --log-dir of its own, remove it.',
        'Otherwise run `cargo clean -p <crate>` (and `cargo clean -p <crate> --target-dir target/verus-partial` for a focused check) and verify again.',
      ];
    case 'verus-panicked':
      return ['Verus panicked or reported an internal error: the results document that came with it (if any) is not a verdict, and nothing was cached.'];
    case 'unrecognised-error':
      return [
        'the verifier reported an error, but its results document counts no verification error and no diagnostic points at the code: this says something broke, not that the proof fails.',
        'Nothing was cached; the stderr tail below is what it printed.',
      ];
    case 'killed-by-signal':
    case 'exit-without-result':
    case 'garbage-output':
    case 'contradictory-result':
    case 'spawn-failed':
    case undefined:
      return [];
    default:
      return assertNever(reason, 'crash reason');
  }
}
