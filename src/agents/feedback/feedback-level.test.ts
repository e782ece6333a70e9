import { describe, expect, it } from 'vitest';
import { baseFeedbackLevel, FEEDBACK_LEVELS, usesCounterexamples, usesInstructor, usesTactics } from './feedback-level.js';

describe('feedback levels', () => {
  it('combine counterexample with generic, auto and guided, keeping what the base level does', () => {
    expect(FEEDBACK_LEVELS.filter(usesCounterexamples)).toEqual(['counterexample', 'auto+counterexample', 'guided+counterexample']);
    expect(FEEDBACK_LEVELS.filter(usesCounterexamples).map(baseFeedbackLevel)).toEqual(['generic', 'auto', 'guided']);
    expect(FEEDBACK_LEVELS.filter(usesInstructor)).toEqual(['auto', 'auto+guided', 'auto+counterexample']);
    expect(FEEDBACK_LEVELS.filter(usesTactics)).toEqual(['guided', 'auto+guided', 'guided+counterexample']);
  });
});
