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
import { CACHING_EPISODE_ITERATIONS, GPT_4O_PRICE, measureCachingEpisode } from './measure-prompt-caching.js';

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
  const caching = await measurePromptCaching(templates, tasks);
  lines.push('', ...caching.lines);
  return { name: 'tokens: focused context vs whole file, guided vs generic feedback, prompt caching (editor prompt, o200k_base)', lines, metrics: { ...metrics, ...caching.metrics } };
}

/** The prefix share and the cached-price cost over a scripted six-iteration episode per fixture variant. */
async function measurePromptCaching(templates: ReturnType<typeof loadPromptTemplates>, tasks: ReturnType<typeof loadFixtureTasks>): Promise<{ lines: string[]; metrics: Record<string, number> }> {
  const lines = [
    `prompt caching: scripted ${CACHING_EPISODE_ITERATIONS}-iteration editor episodes (each answer resubmits the target; generic feedback with the PREDICTED diagnostics)`,
    'share = tokens of each call\'s prompt (tools + messages as sent) that are a byte-identical prefix of the previous call\'s, calls 2..6',
    `prices: ${GPT_4O_PRICE.source}: input $${GPT_4O_PRICE.inputPerMillion}, cached input $${GPT_4O_PRICE.cachedInputPerMillion}, output $${GPT_4O_PRICE.outputPerMillion} per million tokens`,
    'fixture/variant: min share, median share; episode cost cached / uncached',
  ];
  const shares: number[] = [];
  const minimums: number[] = [];
  let cached = 0;
  let uncached = 0;
  for (const fixture of tasks) {
    const episode = await measureCachingEpisode(templates, fixture);
    shares.push(...episode.prefixShares);
    minimums.push(Math.min(...episode.prefixShares));
    cached += episode.costUsd;
    uncached += episode.costWithoutCacheUsd;
    lines.push(`${episode.name}: ${Math.min(...episode.prefixShares).toFixed(3)}, ${median(episode.prefixShares).toFixed(3)}; $${episode.costUsd.toFixed(4)} / $${episode.costWithoutCacheUsd.toFixed(4)}`);
  }
  const metrics = { cachingEpisodes: minimums.length, prefixShareMedian: median(shares), prefixShareMin: Math.min(...minimums), cachedCostUsd: cached, uncachedCostUsd: uncached };
  lines.push(`prefix share over ${shares.length} calls: median ${metrics.prefixShareMedian.toFixed(3)}, lowest ${metrics.prefixShareMin.toFixed(3)} (target >= 0.70)`);
  lines.push(`all ${minimums.length} episodes at gpt-4o prices: $${cached.toFixed(4)} with cached pricing, $${uncached.toFixed(4)} without (${((1 - cached / uncached) * 100).toFixed(1)}% less)`);
  return { lines, metrics };
}

function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
