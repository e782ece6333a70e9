import { ConfigurationError } from '../core/errors.js';
import type { GuardPolicy } from '../core/guard-verdict.js';

/**
 * Whether the policy unfreezes a clause. Selectors: `fn.requires`, `fn.ensures`, `fn.recommends`,
 * `fn.decreases`, `fn.body` (spec fn bodies) or `fn.*`; for methods `Type::method.ensures`.
 */
export function isSpecChangeAllowed(policy: GuardPolicy, functionName: string, clause: string): boolean {
  return policy.allowSpecChanges.some((selector) => {
    const dot = selector.lastIndexOf('.');
    if (dot <= 0) return false;
    const name = selector.slice(0, dot);
    const part = selector.slice(dot + 1);
    return name === functionName && (part === '*' || part === clause);
  });
}

const CLAUSES = ['requires', 'ensures', 'recommends', 'decreases', 'body', 'signature', '*'];

/** Validates `--allow-spec-change` selectors; a malformed one is a ConfigurationError with an example. */
export function parseSpecChangeSelectors(selectors: readonly string[]): string[] {
  for (const selector of selectors) {
    const dot = selector.lastIndexOf('.');
    if (dot <= 0 || !CLAUSES.includes(selector.slice(dot + 1))) {
      throw new ConfigurationError(`--allow-spec-change expects FN.CLAUSE with CLAUSE one of ${CLAUSES.join(', ')} (e.g. sum_to.ensures); got "${selector}"`);
    }
  }
  return [...selectors];
}
