import { precheckLetsVerusRun, type PrecheckResult } from '../../core/verifier-precheck.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { applyTextEdits, type VerusFileIr } from '../../ir/index.js';
import { settleAll } from '../settle-all.js';
import { buildEntailmentLemmas } from './build-entailment-lemmas.js';
import type { EntailmentResult } from './entailment-result.js';

/** One lemma to check: the crate-relative file it is appended to, and that file's text with it. */
export interface EntailmentLemmaVariant {
  label: string;
  file: string;
  source: string;
}

/** What checking one lemma gave: the erased pre-check, and the verifier's verdict when it got that far. */
export interface EntailmentLemmaOutcome {
  precheck: PrecheckResult;
  verification: VerifierResult | null;
}

/**
 * Pre-checks and verifies one lemma variant of the crate. The caller's own (repair's verifyVariant):
 * this room sits below repair and review and does not write crates or call the verifier itself.
 */
export type VerifyEntailmentLemma = (variant: EntailmentLemmaVariant) => Promise<EntailmentLemmaOutcome>;

/**
 * For every function of `current` whose requires or ensures differ from `previous` (the same file at
 * an earlier revision), appends the entailment lemmas after the function (an IR span edit), pre-checks
 * and verifies each, and reports every direction with the clauses involved.
 */
export async function checkSpecEntailment(previous: VerusFileIr, current: VerusFileIr, jobs: number, verifyLemma: VerifyEntailmentLemma, signal?: AbortSignal): Promise<EntailmentResult[]> {
  const work: Array<{ base: Omit<EntailmentResult, 'verdict'>; source: string | null; name: string }> = [];
  for (const after of current.functions.filter((fn) => fn.insideVerus && fn.baseMode !== 'spec')) {
    const before = previous.functions.find((fn) => fn.qualifiedName === after.qualifiedName && fn.insideVerus);
    if (before === undefined) continue;
    for (const lemma of buildEntailmentLemmas(before, after)) {
      const base = { function: after.qualifiedName, file: current.file, line: after.nameSpan.lineStart, direction: lemma.direction, oldClauses: lemma.oldClauses, newClauses: lemma.newClauses };
      const source = lemma.text === null ? null : applyTextEdits(current, [{ byteStart: after.span.byteEnd, byteEnd: after.span.byteEnd, replacement: `\n\n${lemma.text}`, description: `add ${lemma.name}` }]);
      work.push({ base, source, name: lemma.name });
    }
  }
  return settleAll(
    work,
    jobs,
    async (item): Promise<EntailmentResult> => {
      if (item.source === null) return { ...item.base, verdict: 'not-checkable' };
      const outcome = await verifyLemma({ label: item.name, file: current.file, source: item.source });
      if (outcome.precheck.status === 'timeout') return { ...item.base, verdict: 'timed-out' };
      // Not applicable (the erased build fails only on what erasure removes) lets Verus decide, as everywhere else.
      if (!precheckLetsVerusRun(outcome.precheck)) return { ...item.base, verdict: 'probe-rejected' };
      const status = outcome.verification?.status;
      const origin = outcome.verification === null ? {} : { origin: outcome.verification.origin };
      return { ...item.base, verdict: status === 'verified' ? 'holds' : status === 'failed' ? 'fails' : status === 'timeout' ? 'timed-out' : 'unsettled', ...origin };
    },
    (item) => ({ ...item.base, verdict: 'unsettled' }),
    signal,
  );
}
