import type { GuardPolicy, GuardRule } from '../core/guard-verdict.js';
import type { FunctionFingerprint } from './function-fingerprint.js';

type Violate = (rule: GuardRule, fn: string | null, line: number, message: string) => void;

/**
 * Raising the limit is not a proof: a candidate may not add `#[verifier::rlimit(..)]` to a function
 * that had none, nor raise the one it had (`infinity` is the highest), unless `[guard]
 * allow_rlimit_increase = true`. Verus gives such a function's queries that limit instead of the run's
 * `--rlimit` (V rust_verify/src/verifier.rs:1561-1562, release/0.2026.06.07.cd03505), so a higher one
 * lets a proof pass by spending more solver time, which is what models reach for. An allowed increase
 * still stays under the ceiling (`rlimit-above-ceiling`). `before` is null for a function the original lacks.
 */
export function checkRlimitIncrease(after: FunctionFingerprint, before: readonly number[] | null, policy: GuardPolicy, violate: Violate): void {
  const highest = Math.max(0, ...after.rlimits);
  if (after.rlimits.length === 0) return;
  const previous = before === null || before.length === 0 ? null : Math.max(...before);
  if (policy.allowRlimitIncrease !== true && (previous === null || highest > previous)) {
    const was = previous === null ? `${before === null ? 'the function is new' : 'the original has none'}` : `the original has ${render(previous)}`;
    violate('rlimit-raised', after.name, after.line, `#[verifier::rlimit(${render(highest)})] on ${after.name} raises its solver limit (${was}); prove it within the limit instead (allow with [guard] allow_rlimit_increase = true)`);
    return;
  }
  if (highest > policy.rlimitCeiling && highest > (previous ?? 0)) {
    violate('rlimit-above-ceiling', after.name, after.line, `#[verifier::rlimit(${render(highest)})] on ${after.name} exceeds the ceiling ${policy.rlimitCeiling}`);
  }
}

function render(value: number): string {
  return value === Infinity ? 'infinity' : String(value);
}
