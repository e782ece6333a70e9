import { readFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { createProgressRenderer } from '../src/repair/report/render-repair-progress.js';
import type { FakeScriptStep } from './fake-openai-server.js';
import { BROKEN, REFERENCE, binarySearchFunction, createRepairWorld, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';

// A hostile model (synthetic answers from the fake server): its text sets the window title, clears the
// screen and scrollback, resets the terminal and hides what follows behind a carriage return.
const HOSTILE = '\x1b]0;pwned\x07\x1b[2J\x1b[3J\x1bc\r\x9b31m';
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/;
// The code itself carries escapes in a comment: it is verified as written, so only renderers can strip them.
const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(), // \x1b]0;code\x07\x1b[2J\n');

function submit(source: string, toolName = 'submit_candidate'): FakeScriptStep {
  return (request) => {
    const requestId = /Request id: ([^\s\\]+)/.exec(JSON.stringify(request.body['messages'] ?? []))?.[1] ?? 'missing';
    const code = binarySearchFunction(source);
    return {
      kind: 'completion',
      choices: [{ text: `${HOSTILE}I will fix it.`, toolCalls: [{ name: toolName, arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name: 'binary_search', code }] }, rationale: `${HOSTILE}tighten the invariant` }) }] }],
    };
  };
}

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('model text is sanitized before the terminal, the report and the ledger', () => {
  it('strips escapes from advice, format problems and rationales on every output path; the cassette keeps the raw text', async () => {
    world = await createRepairWorld();
    world.server.script(
      submit(REFERENCE, `evil${HOSTILE}`),
      submit(WEAK),
      { kind: 'completion', choices: [{ text: `${HOSTILE}Add sorted(v@) to the loop invariant${HOSTILE}, since Verus checks the loop body in isolation. Keep the bracketing invariants.` }] },
      submit(REFERENCE),
    );
    const cassette = path.join(world.repoDir, '..', 'hostile.jsonl');
    const { outcome, events } = await runRepairInWorld(world, { houdiniRounds: 0, iterations: 4, record: cassette });
    expect(outcome.outcome).toBe('verified');

    for (const event of events) expect(JSON.stringify(event)).not.toMatch(/\\u00(?:0[0-8bcef]|1[0-9a-f])|[\x7f-\x9f]/);
    const advice = events.find((event) => event.type === 'instructor-advice');
    expect(advice).toMatchObject({ advice: expect.stringContaining('Add sorted(v@) to the loop invariant, since Verus') });

    for (const isTTY of [false, true]) {
      let printed = '';
      const stream = { isTTY, write: (chunk: string) => ((printed += chunk), true) } as unknown as NodeJS.WriteStream;
      const progress = createProgressRenderer(stream);
      for (const event of events) progress.sink(event);
      progress.stop();
      expect(printed).toContain('no tool named "evil');
      expect(printed).toContain('instructor (guidance, not evidence): Add sorted(v@) to the loop invariant, since Verus');
      // The renderer's own line rewriting on a TTY is the only escape allowed.
      expect(printed.replaceAll('\r\x1b[2K', '')).not.toMatch(CONTROL);
    }

    for (const file of outcome.reportFiles) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(CONTROL);
      if (!file.endsWith('.json')) expect(text).toContain('Add sorted(v@) to the loop invariant, since Verus');
    }

    const git = simpleGit(world.repoDir);
    const messages = await git.raw(['log', '--format=%B', `verus-repair/e2e-run`]);
    const notes = await git.raw(['log', '--notes=verus-repair', '--format=%N', 'verus-repair/e2e-run']);
    expect(messages).not.toMatch(CONTROL);
    expect(notes).not.toMatch(CONTROL);

    const raw = readFileSync(cassette, 'utf8');
    expect(raw).toContain('\\u001b]0;pwned\\u0007');
  });
});
