import type { Adaptation } from './adaptation.js';
import { parseSpecExpression } from '../syntax/parse-spec-expression.js';
import { SpecTranslationRefusal } from '../syntax/spec-syntax.js';
import type { SpecScope } from '../types/spec-scope.js';
import type { SpecType } from '../types/spec-type.js';
import { TypedSpecTranslator } from './translate-spec-expression.js';

/**
 * A requires/ensures expression (a bool) or a spec fn body (of type `result`) as text for vstd's
 * exec_spec_unverified!, typed against `scope`, with the spec fns and structs it uses; or why not.
 * With `liftPrefix`, items it needs beside it (Seq::new's element function) are named after it.
 */
export function translateSpecText(text: string, scope: SpecScope, result: SpecType = { kind: 'bool' }, liftPrefix: string | null = null): Adaptation {
  try {
    const lift = liftPrefix === null ? undefined : { prefix: liftPrefix, items: [], glue: [] };
    const translator = new TypedSpecTranslator(lift === undefined ? scope : { ...scope, lift });
    const value = translator.translate(parseSpecExpression(text), result);
    const stored = translator.store(value, result);
    const lifted = lift === undefined || lift.items.length === 0 ? {} : { lifted: { items: lift.items, glue: lift.glue } };
    return { ok: true, text: stored, calls: [...translator.calls].sort(), ...lifted };
  } catch (error) {
    if (error instanceof SpecTranslationRefusal) return { ok: false, reason: error.message };
    throw error;
  }
}
