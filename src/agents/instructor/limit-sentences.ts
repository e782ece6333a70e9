import { MAX_ADVICE_SENTENCES, type InstructorAdvice } from './instructor-advice.js';
import { splitSentences } from './split-sentences.js';

/** Keeps the first two sentences of the instructor's answer (collapsing whitespace) and says if it cut. */
export function limitSentences(text: string, maxSentences = MAX_ADVICE_SENTENCES): InstructorAdvice {
  const sentences = splitSentences(text.replace(/```[\s\S]*?```/g, ' ')).map((sentence) => sentence.replace(/\s+/g, ' '));
  return {
    kind: 'instructor-advice',
    evidence: false,
    text: sentences.slice(0, maxSentences).join(' '),
    sentenceCount: sentences.length,
    truncated: sentences.length > maxSentences,
  };
}
