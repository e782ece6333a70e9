import type { DiagnosticKind } from '../../core/diagnostic-kind.js';

/** One classification rule: a diagnostic whose message matches `pattern` is of `kind`. First match wins. */
export interface MessageRule {
  kind: DiagnosticKind;
  pattern: RegExp;
  /** Who prints this message; `rustc` for compiler messages that carry no error code. */
  origin: 'verus' | 'rustc';
}

export function verusRule(kind: DiagnosticKind, pattern: RegExp): MessageRule {
  return { kind, pattern, origin: 'verus' };
}

export function rustcRule(kind: DiagnosticKind, pattern: RegExp): MessageRule {
  return { kind, pattern, origin: 'rustc' };
}
