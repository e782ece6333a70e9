import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../../core/diagnostic-kind.js';
import { ConfigurationError } from '../../core/errors.js';
import type { TacticCard, TacticExample } from './tactic-card.js';

const FENCE = /^```rust (before|after|support)\n([\s\S]*?)^```\n?/gm;

/**
 * Parses one card file: `# <kind>: <title>` first, then prose, then fenced `rust before` / `rust
 * after` pairs (a `rust support` block before a pair belongs to it). Fails naming the file and what is wrong.
 */
export function parseTacticCard(markdown: string, file: string): TacticCard {
  const heading = /^# ([a-z0-9-]+): (.+)\n/.exec(markdown);
  if (heading === null) throw new ConfigurationError(`${file}:1: a tactic card starts with "# <kind>: <title>"`);
  const kind = heading[1]!;
  if (!(DIAGNOSTIC_KINDS as readonly string[]).includes(kind)) throw new ConfigurationError(`${file}:1: "${kind}" is not a diagnostic kind of src/core/diagnostic-kind.ts`);
  const examples: TacticExample[] = [];
  let support = '';
  let before: string | null = null;
  for (const match of markdown.matchAll(FENCE)) {
    const [, role, code] = match as unknown as [string, 'before' | 'after' | 'support', string];
    const line = markdown.slice(0, match.index).split('\n').length;
    if (role === 'support') support += code;
    else if (role === 'before') {
      if (before !== null) throw new ConfigurationError(`${file}:${line}: a "rust before" block follows another without its "rust after"`);
      before = code;
    } else {
      if (before === null) throw new ConfigurationError(`${file}:${line}: a "rust after" block has no "rust before" block above it`);
      examples.push({ before, after: code, support });
      before = null;
      support = '';
    }
  }
  if (before !== null) throw new ConfigurationError(`${file}: the last "rust before" block has no "rust after" block`);
  if (examples.length === 0) throw new ConfigurationError(`${file}: a tactic card needs at least one "rust before" / "rust after" example`);
  const text = markdown.replace(FENCE, (block, role: string) => (role === 'support' ? '' : block)).replace(/\n{3,}/g, '\n\n').trim();
  const firstExample = text.search(/^(Example|```rust)/m);
  const summary = (firstExample < 0 ? text : text.slice(0, firstExample)).trim();
  return { kind: kind as DiagnosticKind, title: heading[2]!.trim(), text, summary, examples };
}
