import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../../core/diagnostic-kind.js';
import { ConfigurationError } from '../../core/errors.js';
import { findPromptsDirectory } from './find-prompts-directory.js';
import { parseTacticCard } from './parse-tactic-card.js';
import { parseTacticReadme } from './parse-tactic-readme.js';
import type { TacticCard, TacticCatalog } from './tactic-card.js';

const loaded = new Map<string, TacticCatalog>();

/**
 * Reads prompts/tactics/: a card `<kind>.md` per kind, and README.md for the kinds that share a card
 * or have none. Every taxonomy kind must be accounted for exactly once, and a shared kind must point at
 * a real card, so a kind added to the taxonomy without a decision fails here. Cached per folder.
 */
export function loadTacticCatalog(promptsDirectory: string | null = findPromptsDirectory()): TacticCatalog {
  if (promptsDirectory === null) throw new ConfigurationError('cannot find the prompts/ folder of verus-repair; reinstall the package or set VERUS_REPAIR_PROMPTS_DIR=/path/to/prompts');
  const cached = loaded.get(promptsDirectory);
  if (cached !== undefined) return cached;
  const directory = join(promptsDirectory, 'tactics');
  const readmeFile = join(directory, 'README.md');
  if (!existsSync(readmeFile)) throw new ConfigurationError(`cannot read ${readmeFile}; the tactic cards of --feedback guided live in prompts/tactics/`);
  const { shared, withoutCard } = parseTacticReadme(readFileSync(readmeFile, 'utf8'), readmeFile);
  const cards = new Map<DiagnosticKind, TacticCard>();
  for (const kind of DIAGNOSTIC_KINDS) {
    const file = join(directory, `${kind}.md`);
    const listed = shared.has(kind) || withoutCard.has(kind);
    if (!existsSync(file)) {
      if (!listed) throw new ConfigurationError(`${readmeFile}: the diagnostic kind "${kind}" has no card ${kind}.md and is not listed as shared or without a card`);
      continue;
    }
    if (listed) throw new ConfigurationError(`${readmeFile}: "${kind}" has a card ${kind}.md and is also listed in the README`);
    const card = parseTacticCard(readFileSync(file, 'utf8'), file);
    if (card.kind !== kind) throw new ConfigurationError(`${file}:1: the card is headed "${card.kind}" but named ${kind}.md`);
    cards.set(kind, card);
  }
  for (const [kind, { card }] of shared) {
    if (!cards.has(card)) throw new ConfigurationError(`${readmeFile}: "${kind}" uses the card of "${card}", which has no ${card}.md`);
  }
  const catalog: TacticCatalog = { cards, shared, withoutCard };
  loaded.set(promptsDirectory, catalog);
  return catalog;
}
