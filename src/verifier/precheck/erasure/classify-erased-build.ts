import type { Diagnostic } from '../../../core/diagnostic.js';
import type { ErasureCause } from '../../../core/verifier-precheck.js';
import { describeMissingCrate, findMissingCrate } from './describe-missing-crate.js';
import type { ErasureRuleContext } from './erasure-rule.js';
import { ERASURE_RULES } from './erasure-rules.js';

/** A failed erased build, sorted: errors erasure explains, the rest (which Verus sees too), and hints. */
export interface ErasedBuildClassification {
  causes: ErasureCause[];
  unexplained: Diagnostic[];
  hints: string[];
}

/**
 * Runs every error of a failed erased build through the erasure rules (the first that explains it
 * wins). The build is `not-applicable` only when every error is explained; one unexplained error
 * (a type error in exec code, a borrow error, a crate missing from Cargo.toml) keeps it failed.
 */
export async function classifyErasedBuild(diagnostics: readonly Diagnostic[], context: ErasureRuleContext): Promise<ErasedBuildClassification> {
  const causes: ErasureCause[] = [];
  const unexplained: Diagnostic[] = [];
  const missing = new Set<string>();
  for (const error of diagnostics.filter((diagnostic) => diagnostic.severity === 'error')) {
    let explained: ErasureCause[] | null = null;
    for (const rule of ERASURE_RULES) {
      explained = await rule.explain(error, context);
      if (explained !== null) break;
    }
    if (explained !== null) causes.push(...explained);
    else unexplained.push(error);
    const crate = explained === null ? findMissingCrate(error, context.crate) : null;
    if (crate !== null) missing.add(crate);
  }
  return { causes, unexplained, hints: [...missing].map(describeMissingCrate) };
}
