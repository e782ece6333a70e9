import type { DiagnosticKind } from '../../core/diagnostic-kind.js';
import type { DiagnosticOrigin } from '../../core/diagnostic.js';
import { kindForRustcCode } from '../rustc/rustc-code-kinds.js';
import { VERUS_MESSAGE_RULES } from './verus-message-rules.js';

/** What classification decides about one diagnostic. */
export interface Classification {
  readonly kind: DiagnosticKind;
  readonly origin: DiagnosticOrigin;
}

/**
 * Classifies by rustc code when there is one, else by the first message rule that matches the
 * message's first line. Anything else is `unknown` (kept, never dropped) with origin `verus`, since
 * Verus's own diagnostics are the ones without codes. A panic is re-read through its payload, so
 * the solver-version panic is reported as `solver-version`. A pre-check caller overrides the origin.
 */
export function classifyDiagnostic(
  diagnostic: { message: string; code: string | null; notes?: readonly string[] },
  options: { origin?: 'verus' | 'precheck' } = {},
): Classification {
  let classification = classifyMessage(diagnostic.message, diagnostic.code);
  if (classification.kind === 'verus-panic') {
    const payload = (diagnostic.notes ?? []).map((note) => classifyMessage(note, null));
    classification = payload.find((entry) => entry.kind === 'solver-version') ?? classification;
  }
  return options.origin === 'precheck' ? { kind: classification.kind, origin: 'precheck' } : classification;
}

/** Verifier output repeats the same few messages thousands of times; each is matched against the rules once. */
const CACHE_LIMIT = 4096;
const cache = new Map<string, Classification>();

function classifyMessage(message: string, code: string | null): Classification {
  if (code !== null && code !== '') return { kind: kindForRustcCode(code), origin: 'rustc' };
  const newline = message.indexOf('\n');
  const firstLine = newline === -1 ? message : message.slice(0, newline);
  const cached = cache.get(firstLine);
  if (cached !== undefined) return cached;
  const rule = VERUS_MESSAGE_RULES.find((candidate) => candidate.pattern.test(firstLine));
  const classification: Classification = rule === undefined ? { kind: 'unknown', origin: 'verus' } : { kind: rule.kind, origin: rule.origin };
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(firstLine, classification);
  return classification;
}
