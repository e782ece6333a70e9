import type { VerificationScopeRecord } from './verification-scope-record.js';

/**
 * The ledger trailers of a scoped check: `Verify-Scope: focused fn1,fn2` or `crate`, and
 * `Confirmed: crate` when a focused pass was verified again on the whole crate (whatever that
 * confirmation answered: the commit's Proof-Result is the confirmation's verdict).
 */
export function renderScopeTrailers(scope: VerificationScopeRecord | undefined): { verifyScope?: string; confirmed?: string } {
  if (scope === undefined) return {};
  if (scope.kind === 'crate') return { verifyScope: 'crate' };
  return { verifyScope: `focused ${scope.functions.join(',')}`, ...(scope.confirmation === null ? {} : { confirmed: 'crate' }) };
}
