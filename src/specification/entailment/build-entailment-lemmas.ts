import type { FunctionItem } from '../../ir/index.js';
import { canRestateAsFreeLemma, freeLemmaParameters, renderFreeLemma } from './free-lemma.js';

export interface EntailmentLemma {
  direction: 'requires' | 'ensures';
  name: string;
  /** The lemma's text, or null when the function cannot be restated as a free lemma. */
  text: string | null;
  oldClauses: string[];
  newClauses: string[];
}

/**
 * The lemmas that check a changed function's spec, one per changed clause kind:
 * `review_entails_requires_<f>` (requires old, ensures new requires) and
 * `review_entails_ensures_<f>` (requires old requires and new ensures, ensures old ensures), with the
 * result as a free parameter.
 */
export function buildEntailmentLemmas(before: FunctionItem, after: FunctionItem): EntailmentLemma[] {
  const clauses = (fn: FunctionItem, kind: string) => fn.clauses.filter((clause) => clause.kind === kind).flatMap((clause) => clause.expressions.map((expression) => expression.text.replace(/\s+/g, ' ')));
  const lemmas: EntailmentLemma[] = [];
  const checkable = canRestateAsFreeLemma(after);
  const parameters = checkable ? freeLemmaParameters(after) : [];
  const oldRequires = clauses(before, 'requires');
  const newRequires = clauses(after, 'requires');
  if (oldRequires.join('\n') !== newRequires.join('\n')) {
    const name = `review_entails_requires_${after.qualifiedName}`;
    lemmas.push({ direction: 'requires', name, oldClauses: oldRequires, newClauses: newRequires, text: checkable ? renderFreeLemma(name, parameters, oldRequires, newRequires) : null });
  }
  const oldEnsures = clauses(before, 'ensures');
  const newEnsures = clauses(after, 'ensures');
  if (oldEnsures.join('\n') !== newEnsures.join('\n')) {
    const name = `review_entails_ensures_${after.qualifiedName}`;
    const result = after.returnValue;
    const withResult = result === null ? parameters : result.name === null ? null : [...parameters, `${result.name}: ${result.type.text}`];
    const text = checkable && withResult !== null ? renderFreeLemma(name, withResult, [...oldRequires, ...newEnsures], oldEnsures) : null;
    lemmas.push({ direction: 'ensures', name, oldClauses: oldEnsures, newClauses: newEnsures, text });
  }
  return lemmas;
}
