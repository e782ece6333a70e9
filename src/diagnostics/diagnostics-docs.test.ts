import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_KINDS } from '../core/diagnostic-kind.js';

const DOCS = readFileSync(new URL('../../docs/diagnostics.md', import.meta.url), 'utf8');

describe('docs/diagnostics.md', () => {
  it('documents every kind of the taxonomy in a table row', () => {
    const undocumented = DIAGNOSTIC_KINDS.filter((kind) => !DOCS.includes(`| \`${kind}\` |`));
    expect(undocumented).toEqual([]);
  });

  it('documents no kind that the taxonomy lacks', () => {
    const rows = [...DOCS.matchAll(/^\| `([a-z0-9-]+)` \|/gm)].map((match) => match[1]);
    expect(rows.filter((kind) => !(DIAGNOSTIC_KINDS as readonly string[]).includes(kind ?? ''))).toEqual([]);
  });
});
