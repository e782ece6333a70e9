import type { GuardPolicy } from '../core/guard-verdict.js';
import { listFunctionNames } from './list-function-names.js';
import { resolveSpecChangeSelectors, resolveTargetFunctions } from './resolve-target-functions.js';

/**
 * Resolves the function names of a policy (`--fn`, `--allow-spec-change`) against the original
 * files the candidate may edit, before any candidate exists: `pop` becomes `Stack::pop`, and an
 * unknown or ambiguous name is a ConfigurationError up front instead of a rejection of every candidate.
 * Selectors must already be well formed (parseSpecChangeSelectors).
 */
export async function resolveGuardPolicy(policy: GuardPolicy, editableOriginals: ReadonlyArray<{ path: string; bytes: Uint8Array }>): Promise<GuardPolicy> {
  if (policy.targetFunctions === undefined && policy.allowSpecChanges.length === 0) return policy;
  const available = await listFunctionNames(editableOriginals);
  return {
    ...policy,
    allowSpecChanges: resolveSpecChangeSelectors(policy.allowSpecChanges, available),
    ...(policy.targetFunctions === undefined ? {} : { targetFunctions: resolveTargetFunctions(policy.targetFunctions, available) }),
  };
}
