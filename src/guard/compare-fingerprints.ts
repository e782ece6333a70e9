import type { AllowedSpecChange, GuardPolicy, GuardViolation } from '../core/guard-verdict.js';
import { CHEAT_CONSTRUCTS, type CheatCounts, type CheatConstruct } from './cheat-constructs.js';
import type { FileFingerprint, FrozenSpec, FunctionFingerprint } from './function-fingerprint.js';
import { compareFileLoading } from './compare-file-loading.js';
import { isSpecChangeAllowed } from './spec-change-policy.js';
import { checkRlimitIncrease } from './check-rlimit-increase.js';

const FROZEN_CLAUSES: Array<keyof FrozenSpec> = ['signature', 'requires', 'ensures', 'recommends', 'decreases', 'specBody'];

/** Compares one candidate file with its original. Pure: the IR work happened in fingerprintFile. */
export function compareFingerprints(
  original: FileFingerprint,
  candidate: FileFingerprint,
  policy: GuardPolicy,
): { violations: GuardViolation[]; allowedSpecChanges: AllowedSpecChange[] } {
  const violations: GuardViolation[] = [];
  const allowedSpecChanges: AllowedSpecChange[] = [];
  const violate = (rule: GuardViolation['rule'], fn: string | null, line: number, message: string): void => {
    violations.push({ rule, file: candidate.file, function: fn, line, message });
  };

  if (original.outsideVerus !== candidate.outsideVerus) {
    violate('edit-outside-verus', null, 1, 'code outside verus! { } changed; only verified code may be edited');
  }
  for (const added of compareFileLoading(original.fileLoading, candidate.fileLoading)) violate(added.rule, null, added.line, added.message);
  compareCheats(original.itemLevelCheats, candidate.itemLevelCheats, candidate.itemLevelCheatLines, null, violate);

  const originals = new Map(original.functions.map((fn) => [fn.name, fn]));
  const candidates = new Map(candidate.functions.map((fn) => [fn.name, fn]));
  for (const before of original.functions) {
    if (!candidates.has(before.name) && before.mode !== 'proof') {
      violate('function-removed', before.name, before.line, `${before.mode} fn ${before.name} was removed`);
    }
  }
  for (const after of candidate.functions) {
    const before = originals.get(after.name);
    if (before === undefined) {
      if (after.mode === 'exec' || after.execView.trim() !== '') {
        violate('exec-function-added', after.name, after.line, `new executable function ${after.name}; only proof and spec functions may be added`);
      }
      compareCheats(undefined, after.cheats, after.cheatLines, after.name, violate);
      if (after.requiresFalse) violate('requires-false', after.name, after.line, `${after.name} has requires false, which makes its proof vacuous`);
      checkRlimitIncrease(after, null, policy, violate);
      continue;
    }
    const targets = policy.targetFunctions;
    // An existing lemma's proof may be strengthened anywhere; its contract stays frozen (spec-changed, cheats).
    const proof = before.mode === 'proof' && after.mode === 'proof';
    if (targets !== undefined && !targets.includes(after.name) && (proof ? before.headText !== after.headText : before.wholeText !== after.wholeText)) {
      const what = proof ? `the attributes, signature or clauses of ${after.name}` : after.name;
      violate('function-not-targeted', after.name, after.line, `${what} changed, but only ${targets.join(', ')} may be edited${proof ? ' (the body of an existing proof fn may change)' : ''}`);
    }
    if (before.execView !== after.execView) {
      violate('exec-code-changed', after.name, after.line, `the executable code of ${after.name} changed (ghost code erased); only proof code may change`);
    }
    for (const clause of FROZEN_CLAUSES) {
      if (JSON.stringify(before.spec[clause]) === JSON.stringify(after.spec[clause])) continue;
      const label = clause === 'specBody' ? 'body' : clause;
      if (isSpecChangeAllowed(policy, after.name, label)) allowedSpecChanges.push({ function: after.name, clause: label });
      else violate('spec-changed', after.name, after.line, `the ${label} of ${after.name} changed; specifications are frozen (allow with --allow-spec-change ${after.name}.${label})`);
    }
    compareCheats(before.cheats, after.cheats, after.cheatLines, after.name, violate);
    if (after.requiresFalse && !before.requiresFalse) {
      violate('requires-false', after.name, after.line, `${after.name} now has requires false, which makes its proof vacuous`);
    }
    checkRlimitIncrease(after, before.rlimits, policy, violate);
  }
  return { violations, allowedSpecChanges };
}

type Violate = (rule: GuardViolation['rule'], fn: string | null, line: number, message: string) => void;

function compareCheats(before: CheatCounts | undefined, after: CheatCounts, lines: Partial<Record<CheatConstruct, number>>, fn: string | null, violate: Violate): void {
  for (const construct of CHEAT_CONSTRUCTS) {
    const added = after[construct] - (before?.[construct] ?? 0);
    if (added > 0) {
      violate('cheat-construct-added', fn, lines[construct] ?? 1, `${describeCheat(construct)} added${fn === null ? '' : ` in ${fn}`}; it would let the proof pass without proving anything`);
    }
  }
}

function describeCheat(construct: CheatConstruct): string {
  switch (construct) {
    case 'assume': return 'assume(..)';
    case 'admit': return 'admit()';
    case 'assume_specification': return 'assume_specification';
    case 'external_body': return '#[verifier::external_body]';
    case 'external': return '#[verifier::external]';
    case 'axiom': return 'axiom fn';
    case 'assume_termination': return '#[verifier::assume_termination]';
    case 'exec_allows_no_decreases_clause': return '#[verifier::exec_allows_no_decreases_clause]';
    case 'inline_air_stmt': return 'inline_air_stmt';
    case 'cfg-verus-only': return 'cfg(verus_only / verus_keep_ghost)';
    case 'pervasive-assume': return 'vstd::pervasive::assume';
  }
}
