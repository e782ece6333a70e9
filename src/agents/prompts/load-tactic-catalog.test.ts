import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_KINDS, INFORMATIONAL_KINDS } from '../../core/diagnostic-kind.js';
import { ConfigurationError } from '../../core/errors.js';
import { parseVerusSource } from '../../ir/index.js';
import { findPromptsDirectory } from './find-prompts-directory.js';
import { loadTacticCatalog } from './load-tactic-catalog.js';
import { parseTacticCard } from './parse-tactic-card.js';
import { wrapTacticExample } from './wrap-tactic-example.js';

const prompts = findPromptsDirectory({})!;
const catalog = loadTacticCatalog(prompts);

/** A copy of prompts/ to break on purpose. */
function copyPrompts(): string {
  const directory = mkdtempSync(join(tmpdir(), 'tactics-'));
  cpSync(prompts, directory, { recursive: true });
  return directory;
}

describe('the tactic catalog (prompts/tactics/)', () => {
  it('accounts for every taxonomy kind exactly once: a card, a shared card or a reason for none', () => {
    for (const kind of DIAGNOSTIC_KINDS) {
      const ways = [catalog.cards.has(kind), catalog.shared.has(kind), catalog.withoutCard.has(kind)].filter(Boolean);
      expect(ways, kind).toHaveLength(1);
    }
    for (const reason of [...catalog.withoutCard.values(), ...[...catalog.shared.values()].map((entry) => entry.reason)]) expect(reason.length).toBeGreaterThan(15);
    // Informational notes never fail a proof, so none has a card.
    for (const kind of INFORMATIONAL_KINDS) expect(catalog.withoutCard.has(kind), kind).toBe(true);
  });

  it('has its own card for each error family the issue names, teaching the moves it asks for', () => {
    const text = (kind: string): string => catalog.cards.get(kind as never)!.text;
    expect(text('invariant-before-loop')).toMatch(/loop isolation[\s\S]*requires/i);
    expect(text('invariant-end-of-loop-body')).toContain('=~=');
    expect(text('postcondition')).toContain('assert(v@.subrange(0, v.len() as int) =~= v@);');
    expect(text('postcondition')).toMatch(/negated/);
    expect(text('precondition')).toMatch(/v\[i\][\s\S]*set[\s\S]*push/);
    expect(text('arithmetic-overflow')).toMatch(/as int[\s\S]*not allowed/);
    for (const move of ['assert(P) by {', 'nonlinear_arith', 'bit_vector', 'reveal(', 'lemma']) expect(text('assertion')).toContain(move);
    expect(text('missing-decreases')).toContain('decreases');
    expect(text('decreases-end-of-loop')).toContain('decreases y');
    expect(text('trigger-inference')).toMatch(/#\[trigger\][\s\S]*assert\(/);
    expect(text('rlimit-exceeded')).toMatch(/spinoff_prover[\s\S]*reveal/);
    expect(text('mode')).toMatch(/proof \{ lemma_x\(a\); \}[\s\S]*ghost/);
    expect(catalog.shared.get('trigger-invalid')?.card).toBe('trigger-inference');
  });

  it('never shows a model the support blocks, and summarizes a card without its examples', () => {
    const card = catalog.cards.get('arithmetic-overflow')!;
    expect(card.examples[0]!.support).toContain('pub proof fn lemma_triangle_monotonic');
    expect(card.text).not.toContain('pub proof fn lemma_triangle_monotonic');
    expect(card.text).toContain('```rust after');
    expect(card.summary).not.toContain('```');
    expect(card.summary).toContain('Moves:');
    for (const each of catalog.cards.values()) {
      expect(each.summary, each.kind).toMatch(/Moves:\n- /);
      expect(each.summary, each.kind).not.toContain('```');
      expect(each.text.startsWith(`# ${each.kind}: ${each.title}`)).toBe(true);
    }
  });

  it.each([...catalog.cards.values()].flatMap((card) => card.examples.map((example, index) => [`${card.kind} #${index + 1}`, example] as const)))(
    '%s: before and after parse with the IR, and differ', async (_label, example) => {
      expect(example.after.trim()).not.toBe(example.before.trim());
      for (const side of [example.before, example.after]) {
        const ir = await parseVerusSource(wrapTacticExample(example.support, side), { file: 'src/lib.rs' });
        expect(ir.functions.length).toBeGreaterThan(0);
        expect(ir.skipped).toEqual([]);
      }
    });
});

describe('loadTacticCatalog on a broken folder', () => {
  it('names a kind that has neither a card nor a README line', () => {
    const directory = copyPrompts();
    rmSync(join(directory, 'tactics', 'mode.md'));
    expect(() => loadTacticCatalog(directory)).toThrow(ConfigurationError);
    expect(() => loadTacticCatalog(directory)).toThrow(/"mode" has no card mode\.md/);
  });

  it('names a kind with a card that is also listed, and a shared kind pointing at no card', () => {
    const both = copyPrompts();
    writeFileSync(join(both, 'tactics', 'unknown.md'), readFileSync(join(prompts, 'tactics', 'mode.md'), 'utf8').replace('# mode:', '# unknown:'));
    expect(() => loadTacticCatalog(both)).toThrow(/"unknown" has a card unknown\.md and is also listed/);
    const dangling = copyPrompts();
    rmSync(join(dangling, 'tactics', 'termination.md'));
    const readme = join(dangling, 'tactics', 'README.md');
    writeFileSync(readme, readFileSync(readme, 'utf8').replace('## Kinds without a card\n', '## Kinds without a card\n\n- `termination`: removed for the test.\n'));
    expect(() => loadTacticCatalog(dangling)).toThrow(/"decreases-by-lemma" uses the card of "termination", which has no termination\.md/);
  });

  it('rejects a card without a heading, an unknown kind, or an unpaired example, naming file and line', () => {
    expect(() => parseTacticCard('no heading', 'x.md')).toThrow(/x\.md:1: a tactic card starts with/);
    expect(() => parseTacticCard('# loud: x\n', 'x.md')).toThrow(/"loud" is not a diagnostic kind/);
    expect(() => parseTacticCard('# mode: x\n\n```rust after\nfn f() {}\n```\n', 'x.md')).toThrow(/x\.md:3: a "rust after" block has no "rust before"/);
    expect(() => parseTacticCard('# mode: x\n\n```rust before\nfn f() {}\n```\n', 'x.md')).toThrow(/no "rust after"/);
    expect(() => parseTacticCard('# mode: x\n\ntext\n', 'x.md')).toThrow(/at least one/);
  });
});
