import type { VerusFileIr } from '../../ir/index.js';
import type { CheckedCandidate } from './checked-candidate.js';

/**
 * The functions a baseline verification reports failing, in source order: those the error
 * diagnostics map to, plus those `--output-json` marks unsuccessful (matched by path suffix).
 */
export function findFailingFunctions(ir: VerusFileIr, baseline: CheckedCandidate): string[] {
  const failing = new Set<string>();
  for (const diagnostic of baseline.diagnostics) {
    if (diagnostic.severity === 'error' && diagnostic.function !== null) failing.add(diagnostic.function);
  }
  const outcomes = baseline.verification?.verification;
  const functions = outcomes !== undefined && outcomes !== null && (outcomes.status === 'failed' || outcomes.status === 'verified') ? outcomes.functions : [];
  for (const outcome of functions) {
    if (outcome.success) continue;
    const match = ir.functions.find((fn) => outcome.function === fn.qualifiedName || outcome.function.endsWith(`::${fn.qualifiedName}`));
    if (match !== undefined) failing.add(match.qualifiedName);
  }
  return ir.functions.map((fn) => fn.qualifiedName).filter((name) => failing.has(name));
}
