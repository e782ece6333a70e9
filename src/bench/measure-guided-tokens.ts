import { buildFocusedContext } from '../agents/context/build-focused-context.js';
import { buildEditorPrompt } from '../agents/editor/build-editor-prompt.js';
import { VERUS_IDIOMS_TOKEN_BUDGET } from '../agents/editor/verus-idioms-token-budget.js';
import { renderVerificationFeedback } from '../agents/feedback/render-verification-feedback.js';
import { selectTacticCards } from '../agents/feedback/select-tactic-cards.js';
import { countPromptTokens } from '../agents/model/estimate-usage.js';
import type { PromptTemplates } from '../agents/prompts/prompt-template-names.js';
import { loadTacticCatalog } from '../agents/prompts/load-tactic-catalog.js';
import { renderTemplate } from '../agents/prompts/render-template.js';
import type { FixtureTask } from '../agents/testing/load-fixture-tasks.js';
import { parseVerusSource } from '../ir/index.js';
import { mapDiagnosticsToIr } from '../verifier/map-diagnostics-to-ir.js';

export { VERUS_IDIOMS_TOKEN_BUDGET };

export interface GuidedTokenMeasure {
  lines: string[];
  idiomsTokens: number;
  /** Per variant: tokens of the editor's prompt after one failed iteration, guided / generic. */
  ratios: number[];
  addedTokens: number[];
}

/**
 * The editor's prompt after one failed iteration (system + task + feedback; the candidate itself is the
 * same in both and left out) with `guided` against `generic` feedback, on each broken fixture variant,
 * its predicted diagnostics mapped onto the IR as a real run maps Verus's.
 */
export async function measureGuidedTokens(templates: PromptTemplates, tasks: readonly FixtureTask[]): Promise<GuidedTokenMeasure> {
  const catalog = loadTacticCatalog();
  const idiomsTokens = countPromptTokens(renderTemplate(templates['editor-verus-idioms'], {}, 'editor-verus-idioms'));
  const lines = [`editor Verus idioms section: ${idiomsTokens} tokens (budget ${VERUS_IDIOMS_TOKEN_BUDGET})`, 'fixture/variant: generic -> guided prompt tokens (+added, ratio) [cards sent; cut]'];
  const ratios: number[] = [];
  const addedTokens: number[] = [];
  for (const fixture of tasks) {
    const ir = await parseVerusSource(fixture.task.originalSource, { file: fixture.task.filePath });
    const diagnostics = mapDiagnosticsToIr(fixture.task.diagnostics, new Map([[fixture.task.filePath, ir]]));
    const prompt = buildEditorPrompt(templates, fixture.task, (task) => buildFocusedContext(ir, task));
    const base = countPromptTokens(`${prompt.system}\n${prompt.task}`);
    const generic = base + countPromptTokens(renderVerificationFeedback(templates, 'generic', diagnostics, null));
    const selection = selectTacticCards(diagnostics, catalog);
    const guided = base + countPromptTokens(renderVerificationFeedback(templates, 'guided', diagnostics, null, selection));
    ratios.push(guided / generic);
    addedTokens.push(guided - generic);
    const sent = selection.selected.map((card) => `${card.card}${card.form === 'summary' ? ' (summary)' : ''}`).join(', ');
    const cut = selection.cut.map((card) => `${card.card} ${card.cut}`).join(', ');
    lines.push(`${fixture.crate}/${fixture.variant}: ${generic} -> ${guided} (+${guided - generic}, ${(guided / generic).toFixed(2)}) [${sent}; ${cut || 'nothing cut'}]`);
  }
  return { lines, idiomsTokens, ratios, addedTokens };
}
