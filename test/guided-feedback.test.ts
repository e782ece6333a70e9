import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { describeTacticRecord } from '../src/agents/feedback/describe-tactic-record.js';
import { DEFAULT_TACTIC_TOKEN_BUDGET } from '../src/agents/feedback/select-tactic-cards.js';
import type { TacticRecord } from '../src/agents/feedback/tactic-selection.js';
import { countPromptTokens } from '../src/agents/model/estimate-usage.js';
import { findPromptsDirectory } from '../src/agents/prompts/find-prompts-directory.js';
import { ConfigurationError } from '../src/core/errors.js';
import type { RepairEvent } from '../src/repair/repair-event.js';
import { buildSyntheticVerusOutput } from './demo/synthetic-verus-output.js';
import { BROKEN, INSTRUCTOR_ADVICE, REFERENCE, createRepairWorld, editorReply, instructorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { runCliInProcess } from './run-cli-in-process.js';

/** A failing candidate that keeps every byte before the loop's end, so the replayed spans still fit it. */
const RETRY = BROKEN.replace('    }\n    None\n}', '    }\n    assert(lo <= hi);\n    None\n}');
const INVARIANT = 'forall|i: int| 0 <= i < lo ==> v@[i] < key';
const ENSURES = 'r is None ==> forall|i: int| 0 <= i < v.len() ==> v@[i] != key';

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

/** The world's failing answer becomes two errors: the loop invariant and the second postcondition. */
async function createTwoErrorWorld(): Promise<RepairWorld> {
  const created = await createRepairWorld();
  const failing = buildSyntheticVerusOutput({ crate: 'binary-search', file: 'src/lib.rs', source: BROKEN, functions: [{ name: 'binary_search', success: false }], errors: [
    { message: 'invariant not satisfied at end of loop body', anchor: INVARIANT, label: null },
    { message: 'postcondition not satisfied', anchor: ENSURES, label: null },
  ] });
  writeFileSync(path.join(created.scenarioDir, 'failed.stdout'), failing.stdout);
  writeFileSync(path.join(created.scenarioDir, 'failed.stderr'), failing.stderr);
  return created;
}

/** The last message of a request: the feedback for the editor (a tool answer), the task for the instructor. */
function lastMessage(index: number): string {
  const messages = world!.server.requests[index]?.body['messages'] as Array<{ role: string; content: string }>;
  return messages.at(-1)!.content;
}

function feedbackTactics(events: RepairEvent[]): TacticRecord[] {
  return events.flatMap((event) => (event.type === 'feedback' && event.tactics ? [event.tactics] : []));
}

async function noteReports(repoDir: string): Promise<Array<Record<string, unknown>>> {
  const notes = await simpleGit(repoDir).raw(['log', '--notes=verus-repair', '--format=%N', 'verus-repair/e2e-run']);
  return notes.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { report: Record<string, unknown> }).report);
}

describe('--feedback guided and auto+guided (fake model server, fake cargo-verus, real git and cargo)', () => {
  it('guided: the editor gets the generic report plus the cards of the errors present, on their clauses, within the budget', async () => {
    world = await createTwoErrorWorld();
    world.server.script(editorReply([RETRY]), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { feedbackLevel: 'guided', houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    expect(world.server.requests).toHaveLength(2);
    const feedback = lastMessage(1);
    // The generic report, each error pointing at its card.
    expect(feedback).toMatch(/^The proposed code DID NOT verify\. The verifier reported:\n- postcondition: postcondition not satisfied, in fn binary_search, line 18/);
    expect(feedback).toContain(`clause invariant #2 \`${INVARIANT}\`\n  tactic card: \`invariant-end-of-loop-body\``);
    expect(feedback).toContain(`clause ensures #2 \`${ENSURES}\`\n  tactic card: \`postcondition\``);
    // Exactly these two cards, each attached to its failing clause, ranked (one error each: first error, in source order, first).
    expect([...feedback.matchAll(/^Card `([a-z-]+)`/gm)].map((match) => match[1])).toEqual(['postcondition', 'invariant-end-of-loop-body']);
    expect(feedback).toContain(`Card \`invariant-end-of-loop-body\` (explains 1 error) applies to:\n- fn binary_search, invariant #2 \`${INVARIANT}\``);
    expect(feedback).toContain(`Card \`postcondition\` (explains 1 error) applies to:\n- fn binary_search, ensures #2 \`${ENSURES}\``);
    expect(feedback).toContain('(loop isolation)');
    // The budget, the cards and what was cut are recorded in the event, the report and the next candidates' ledger notes.
    const [record] = feedbackTactics(events);
    expect(record).toMatchObject({ recipient: 'editor', budgetTokens: DEFAULT_TACTIC_TOKEN_BUDGET, uncovered: [] });
    expect(record!.selected.map((card) => card.card)).toEqual(['postcondition', 'invariant-end-of-loop-body']);
    expect(record!.usedTokens).toBeLessThanOrEqual(DEFAULT_TACTIC_TOKEN_BUDGET);
    const cardsText = feedback.slice(feedback.indexOf('Card `'), feedback.lastIndexOf('\n\nSubmit a corrected candidate.'));
    expect(Math.abs(countPromptTokens(cardsText) - record!.usedTokens)).toBeLessThanOrEqual(4);
    expect(record!.cut.map((card) => card.cut)).toEqual(record!.selected.filter((card) => card.form === 'summary').map(() => 'examples'));
    expect(outcome.report.iterations.find((iteration) => iteration.iteration === 1)?.tactics).toEqual(record);
    const markdown = readFileSync(outcome.reportFiles.find((file) => file.endsWith('report.md'))!, 'utf8');
    expect(markdown).toContain(`> ${describeTacticRecord(record!)}`);
    expect(describeTacticRecord(record!)).toMatch(/^tactic cards to the editor: postcondition \(1 error(, moves only)?\), invariant-end-of-loop-body \(1 error(, moves only)?\); \d+\/700 tokens$/);
    const reports = await noteReports(world.repoDir);
    expect(reports.filter((report) => report['feedbackTactics'] !== undefined).map((report) => report['feedbackTactics'])).toEqual([record]);
  });

  it('auto+guided: the instructor gets the cards as reference, the editor only the advice', async () => {
    world = await createTwoErrorWorld();
    world.server.script(editorReply([RETRY]), instructorReply(), editorReply([REFERENCE]));
    const { outcome, events } = await runRepairInWorld(world, { feedbackLevel: 'auto+guided', houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    const instructorTask = lastMessage(1);
    expect(instructorTask).toContain('Reference: tactic cards for these error kinds');
    expect([...instructorTask.matchAll(/^Card `([a-z-]+)`/gm)].map((match) => match[1])).toEqual(['postcondition', 'invariant-end-of-loop-body']);
    expect(instructorTask).toContain(`- fn binary_search, ensures #2 \`${ENSURES}\``);
    expect(instructorTask.indexOf('Card `')).toBeLessThan(instructorTask.indexOf('Proposed code that failed:'));
    const editorFeedback = lastMessage(2);
    expect(editorFeedback).toContain(INSTRUCTOR_ADVICE.split(',')[0]);
    expect(editorFeedback).not.toContain('Card `');
    expect(editorFeedback).not.toContain('tactic card');
    expect(JSON.stringify(world.server.requests[2]?.body['messages'])).not.toContain('Card `');
    expect(feedbackTactics(events)[0]).toMatchObject({ recipient: 'instructor' });
  });

  it('auto sends the instructor no cards, and its task text is what it was before guided levels existed', async () => {
    world = await createTwoErrorWorld();
    world.server.script(editorReply([RETRY]), instructorReply(), editorReply([REFERENCE]));
    const { events } = await runRepairInWorld(world, { feedbackLevel: 'auto', houdiniRounds: 0 });
    const instructorTask = lastMessage(1);
    expect(instructorTask).not.toContain('Card `');
    expect(instructorTask).toMatch(/invariant #2 [^\n]*\n\nProposed code that failed:\n```rust\n/);
    expect(feedbackTactics(events)).toEqual([]);
  });

  it('refuses a guided run before creating anything when a card is missing from prompts/tactics/', async () => {
    world = await createTwoErrorWorld();
    const prompts = mkdtempSync(path.join(os.tmpdir(), 'prompts-'));
    cpSync(findPromptsDirectory({})!, prompts, { recursive: true });
    rmSync(path.join(prompts, 'tactics', 'postcondition.md'));
    const before = await simpleGit(world.repoDir).raw(['for-each-ref']);
    process.env['VERUS_REPAIR_PROMPTS_DIR'] = prompts;
    try {
      const refused = runRepairInWorld(world, { feedbackLevel: 'guided' });
      await expect(refused).rejects.toThrow(ConfigurationError);
      await expect(runRepairInWorld(world, { feedbackLevel: 'guided' })).rejects.toThrow(/"postcondition" has no card postcondition\.md/);
    } finally {
      delete process.env['VERUS_REPAIR_PROMPTS_DIR'];
      rmSync(prompts, { recursive: true, force: true });
    }
    expect(await simpleGit(world.repoDir).raw(['for-each-ref'])).toBe(before);
    expect(world.server.requests).toHaveLength(0);
  });

  it('--tactic-budget sets the budget: a tight one keeps the best-ranked card\'s moves only and records the cuts', async () => {
    world = await createTwoErrorWorld();
    world.server.script(editorReply([RETRY]), editorReply([REFERENCE]));
    const { events } = await runRepairInWorld(world, { feedbackLevel: 'guided', tacticBudget: 300, houdiniRounds: 0 });
    const [record] = feedbackTactics(events);
    expect(record).toMatchObject({ budgetTokens: 300 });
    expect(record!.usedTokens).toBeLessThanOrEqual(300);
    expect(record!.selected.map((card) => [card.card, card.form])).toEqual([['postcondition', 'summary']]);
    expect(record!.cut.map((card) => [card.card, card.cut])).toEqual([['invariant-end-of-loop-body', 'card'], ['postcondition', 'examples']]);
    const feedback = lastMessage(1);
    expect(feedback).toContain('Card `postcondition`');
    expect(feedback).not.toContain('Card `invariant-end-of-loop-body`');
    expect(feedback).not.toContain('```rust');
  });

  it('refuses --tactic-budget without a guided level, or when it is not a positive integer', async () => {
    const generic = await runCliInProcess('repair', '.', '--feedback', 'generic', '--tactic-budget', '300');
    expect(generic.exitCode).toBe(2);
    expect(generic.stderr).toContain('--tactic-budget applies to the levels that send tactic cards (guided, auto+guided, guided+counterexample); got --feedback generic');
    const zero = await runCliInProcess('repair', '.', '--feedback', 'guided', '--tactic-budget', '0');
    expect(zero.exitCode).toBe(2);
    expect(zero.stderr).toContain('--tactic-budget expects a positive integer up to 32000, e.g. --tactic-budget 700; got "0"');
  });
});
