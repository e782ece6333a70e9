import { afterEach, describe, expect, it } from 'vitest';
import type { FakeScriptStep } from './fake-openai-server.js';
import { BROKEN, REFERENCE, binarySearchFunction, createRepairWorld, editorReply, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';

// Synthetic model answers: the broken binary search with 6,000 nested parentheses around a literal in its body.
const DEEP = `${'('.repeat(6000)}0${')'.repeat(6000)}`;
const DEEP_SOURCE = BROKEN.replace('let mut lo: usize = 0;', `let mut lo: usize = ${DEEP};`);

function submit(candidate: Record<string, unknown>): FakeScriptStep {
  return (request) => {
    const requestId = /Request id: ([^\s\\]+)/.exec(JSON.stringify(request.body['messages'] ?? []))?.[1] ?? 'missing';
    return { kind: 'completion', choices: [{ toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate, rationale: 'deep' }) }] }] };
  };
}

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('a model answer nested too deeply to parse', () => {
  it('is a rejected candidate with feedback (as a function and as a whole file), and the run goes on to the fix', async () => {
    expect(DEEP_SOURCE).not.toBe(BROKEN);
    world = await createRepairWorld();
    world.server.script(
      submit({ functions: [{ name: 'binary_search', code: binarySearchFunction(DEEP_SOURCE) }] }),
      submit({ file: DEEP_SOURCE }),
      editorReply([REFERENCE]),
    );
    const { outcome, events } = await runRepairInWorld(world, { iterations: 3, houdiniRounds: 0 });
    expect(outcome.outcome).toBe('verified');
    const rejected = JSON.stringify(events.filter((event) => event.type === 'candidate-skipped' || event.type === 'candidate-checked'));
    expect(rejected.match(/nests more than 500 delimiters deep/g)?.length ?? 0).toBeGreaterThanOrEqual(2);
    // The model was told: the second and third requests carry the problem as feedback.
    const requests = world.server.requests.map((request) => JSON.stringify(request.body['messages'] ?? []));
    expect(requests.slice(1).every((text) => text.includes('nests more than 500 delimiters deep'))).toBe(true);
  }, 120_000);
});
