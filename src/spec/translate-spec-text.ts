import type { Adaptation } from './adaptation.js';
import { parseSpecExpression } from './parse-spec-expression.js';
import { SpecTranslationRefusal } from './spec-syntax.js';
import type { SpecScope } from './spec-scope.js';
import type { SpecType } from './spec-type.js';
import { SpecTranslator } from './translate-spec-expression.js';

/**
 * A requires/ensures expression (a bool) or a spec fn body (of type `result`) as text for vstd's
 * exec_spec_unverified!, typed against `scope`, with the spec fns and structs it uses; or why not.
 */
export function translateSpecText(text: string, scope: SpecScope, result: SpecType = { kind: 'bool' }): Adaptation {
  try {
    const translator = new SpecTranslator(scope);
    const value = translator.translate(parseSpecExpression(text), result);
    return { ok: true, text: translator.store(value, result), calls: [...translator.calls].sort() };
  } catch (error) {
    if (error instanceof SpecTranslationRefusal) return { ok: false, reason: error.message };
    throw error;
  }
}
