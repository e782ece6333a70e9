/**
 * How much the editor is told after a failed verification (per run), so that the value of feedback
 * can be measured: `none` says only that it failed, `generic` lists the errors from a template,
 * `auto` passes on the instructor agent's advice, `guided` is `generic` plus the tactic cards of the
 * error kinds present (prompts/tactics/), and `auto+guided` is `auto` with the cards given to the
 * instructor as reference (the editor sees only the advice).
 * `counterexample` is `generic` plus a counterexample found by running the erased exec code against
 * the spec (src/specification); `auto+counterexample` and `guided+counterexample` add it to those levels (the
 * instructor sees it too). The counterexample levels also test candidate loop invariants before Verus.
 */
export const FEEDBACK_LEVELS = ['none', 'generic', 'auto', 'guided', 'auto+guided', 'counterexample', 'auto+counterexample', 'guided+counterexample'] as const;

export type FeedbackLevel = (typeof FEEDBACK_LEVELS)[number];

/** The levels without counterexamples: what the rest of a level is built on. */
export type BaseFeedbackLevel = Exclude<FeedbackLevel, 'counterexample' | 'auto+counterexample' | 'guided+counterexample'>;

/** `counterexample` → `generic`, `X+counterexample` → `X`, any other level → itself. */
export function baseFeedbackLevel(level: FeedbackLevel): BaseFeedbackLevel {
  switch (level) {
    case 'counterexample': return 'generic';
    case 'auto+counterexample': return 'auto';
    case 'guided+counterexample': return 'guided';
    default: return level;
  }
}

/** Levels that run the spec-check harness for counterexamples (and test candidate invariants before Verus). */
export function usesCounterexamples(level: FeedbackLevel): boolean {
  return level !== baseFeedbackLevel(level);
}

/** Levels that ask the instructor agent. */
export function usesInstructor(level: FeedbackLevel): boolean {
  const base = baseFeedbackLevel(level);
  return base === 'auto' || base === 'auto+guided';
}

/** Levels that select tactic cards (for the editor with `guided`, for the instructor with `auto+guided`). */
export function usesTactics(level: FeedbackLevel): boolean {
  const base = baseFeedbackLevel(level);
  return base === 'guided' || base === 'auto+guided';
}
