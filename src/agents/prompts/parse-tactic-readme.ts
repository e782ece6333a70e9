import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../../core/diagnostic-kind.js';
import { ConfigurationError } from '../../core/errors.js';

export interface TacticReadme {
  shared: Map<DiagnosticKind, { card: DiagnosticKind; reason: string }>;
  withoutCard: Map<DiagnosticKind, string>;
}

const SHARED = /^- `([a-z0-9-]+)` uses `([a-z0-9-]+)`: (.+)$/;
const WITHOUT = /^- `([a-z0-9-]+)`: (.+)$/;

/**
 * Reads the two lists of prompts/tactics/README.md: "## Shared cards" (`- \`kind\` uses \`other\`:
 * reason`) and "## Kinds without a card" (`- \`kind\`: reason`). Every kind named must exist.
 */
export function parseTacticReadme(markdown: string, file: string): TacticReadme {
  const readme: TacticReadme = { shared: new Map(), withoutCard: new Map() };
  let section: 'shared' | 'without' | null = null;
  for (const [index, line] of markdown.split('\n').entries()) {
    if (line.startsWith('## ')) section = /shared/i.test(line) ? 'shared' : /without/i.test(line) ? 'without' : null;
    if (section === null || !line.startsWith('- ')) continue;
    const shared = section === 'shared' ? SHARED.exec(line) : null;
    const without = section === 'without' ? WITHOUT.exec(line) : null;
    if (shared === null && without === null) throw new ConfigurationError(`${file}:${index + 1}: expected ${section === 'shared' ? '"- `kind` uses `other`: reason"' : '"- `kind`: reason"'}`);
    const kind = checkKind(shared?.[1] ?? without![1]!, file, index + 1);
    if (readme.shared.has(kind) || readme.withoutCard.has(kind)) throw new ConfigurationError(`${file}:${index + 1}: "${kind}" is listed twice`);
    if (shared !== null) readme.shared.set(kind, { card: checkKind(shared[2]!, file, index + 1), reason: shared[3]! });
    else readme.withoutCard.set(kind, without![2]!);
  }
  return readme;
}

function checkKind(kind: string, file: string, line: number): DiagnosticKind {
  if (!(DIAGNOSTIC_KINDS as readonly string[]).includes(kind)) throw new ConfigurationError(`${file}:${line}: "${kind}" is not a diagnostic kind of src/core/diagnostic-kind.ts`);
  return kind as DiagnosticKind;
}
