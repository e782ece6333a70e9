import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildFocusedContext } from '../agents/context/build-focused-context.js';
import { buildWholeFileContext } from '../agents/context/build-whole-file-context.js';
import { buildEditorPrompt } from '../agents/editor/build-editor-prompt.js';
import { countPromptTokens } from '../agents/model/estimate-usage.js';
import { loadPromptTemplates } from '../agents/prompts/load-prompt-templates.js';
import { loadFixtureTasks } from '../agents/testing/load-fixture-tasks.js';
import { parseVerusSource } from '../ir/index.js';
import type { BenchReport } from './bench-report.js';
import { measureGuidedTokens, VERUS_IDIOMS_TOKEN_BUDGET } from './measure-guided-tokens.js';

const FIXTURES = fileURLToPath(new URL('../../rust-fixtures', import.meta.url));

/** A fixture "has several functions" when its file has at least this many non-test functions. */
const SEVERAL_FUNCTIONS = 4;

/**
 * Tokens (o200k_base) of the editor's first prompt (system + task) with focused context versus the
 * study's whole-file prompting, for the same defect and the same diagnostics. Diagnostics are
 * predicted from each variant's manifest (`[[expected_errors]]`), not produced by Verus. Focused
 * context is forced (no whole-file shortcut) so every fixture measures it.
 */
export async function runTokensBenchmark(): Promise<BenchReport> {
  const templates = loadPromptTemplates();
  const lines = ['diagnostics: PREDICTED from rust-fixtures/*/broken/*.toml expected_errors (not a Verus run)', 'fixture/variant: functions, whole-file tokens -> focused tokens (ratio)'];
  const ratios: number[] = [];
  const severalRatios: number[] = [];
  const tasks = loadFixtureTasks(FIXTURES);
  for (const fixture of tasks) {
    const ir = await parseVerusSource(fixture.task.originalSource, { file: fixture.task.filePath });
    const functionCount = ir.functions.filter((fn) => !fn.modulePath.includes('tests')).length;
    const whole = countPromptTokens(Object.values(buildEditorPrompt(templates, fixture.task, buildWholeFileContext)).join('\n'));
    const focused = countPromptTokens(Object.values(buildEditorPrompt(templates, fixture.task, (task) => buildFocusedContext(ir, task, { wholeFileMaxTokens: 0 }))).join('\n'));
    const ratio = focused / whole;
    ratios.push(ratio);
    if (functionCount >= SEVERAL_FUNCTIONS) severalRatios.push(ratio);
    lines.push(`${fixture.crate}/${fixture.variant}: ${functionCount} fns, ${whole} -> ${focused} (${ratio.toFixed(2)})`);
  }
  const guided = await measureGuidedTokens(templates, tasks);
  const metrics = {
    fixtures: ratios.length, medianRatio: median(ratios), severalFunctionsFixtures: severalRatios.length, severalFunctionsMedianRatio: median(severalRatios),
    idiomsTokens: guided.idiomsTokens, idiomsTokenBudget: VERUS_IDIOMS_TOKEN_BUDGET, guidedMedianRatio: median(guided.ratios), guidedMedianAddedTokens: median(guided.addedTokens),
  };
  lines.push(`median ratio focused/whole: ${metrics.medianRatio.toFixed(3)} over ${metrics.fixtures} variants`);
  lines.push(`median ratio on files with >= ${SEVERAL_FUNCTIONS} functions: ${metrics.severalFunctionsMedianRatio.toFixed(3)} over ${metrics.severalFunctionsFixtures} variants (target <= 0.5)`);
  lines.push('', 'guided vs generic feedback (editor prompt after one failed iteration; same predicted diagnostics):', ...guided.lines);
  lines.push(`median ratio guided/generic: ${metrics.guidedMedianRatio.toFixed(3)} (median +${metrics.guidedMedianAddedTokens} tokens) over ${guided.ratios.length} variants (target <= 1.40)`);
  return { name: 'tokens: focused context vs whole file, guided vs generic feedback (editor prompt, o200k_base)', lines, metrics };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
