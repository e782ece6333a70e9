import { describe, expect, it } from 'vitest';
import { limitSentences } from './limit-sentences.js';
import { splitSentences } from './split-sentences.js';

describe('splitSentences', () => {
  it('does not split at method calls, decimals, abbreviations or backtick code', () => {
    const text = 'Add the invariant `i <= v.len()` to the loop, i.e. keep i in bounds. The ratio 0.5 is fine, e.g. for `x. y`! Then call lemma_sum(n).';
    expect(splitSentences(text)).toEqual([
      'Add the invariant `i <= v.len()` to the loop, i.e. keep i in bounds.',
      'The ratio 0.5 is fine, e.g. for `x. y`!',
      'Then call lemma_sum(n).',
    ]);
  });

  it('splits after a dot that follows a call without backticks, and keeps closing brackets', () => {
    expect(splitSentences('Assert that i < v.len(). Then (as before.) it holds? Yes')).toEqual(['Assert that i < v.len().', 'Then (as before.)', 'it holds?', 'Yes']);
  });

  it('treats list numbers and blank lines sensibly', () => {
    expect(splitSentences('1. Add an invariant\n2. Prove the bound\n\nDone')).toEqual(['1. Add an invariant\n2. Prove the bound', 'Done']);
  });
});

describe('limitSentences', () => {
  it('keeps at most two sentences and reports truncation; advice is never evidence', () => {
    const advice = limitSentences('First do A.  Then do B.\nFinally do C.');
    expect(advice).toEqual({ kind: 'instructor-advice', evidence: false, text: 'First do A. Then do B.', sentenceCount: 3, truncated: true });
    expect(limitSentences('Only one.').truncated).toBe(false);
  });

  it('drops code blocks from the advice', () => {
    expect(limitSentences('Add an invariant.\n```rust\nassert(x. y);\n```\nThen verify.').text).toBe('Add an invariant. Then verify.');
  });
});
