import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '../src/core/language-model.js';
import type { ModelConfig } from '../src/agents/config/model-config.js';
import { readModelConfig } from '../src/agents/config/read-model-config.js';
import { buildWholeFileContext } from '../src/agents/context/build-whole-file-context.js';
import { createModelStack } from '../src/agents/create-model-stack.js';
import { EditorAgent, type EditorTask } from '../src/agents/editor/editor-agent.js';
import type { CandidateApplier } from '../src/agents/editor/candidate-applier.js';
import { createIrCandidateApplier } from '../src/agents/editor/create-ir-candidate-applier.js';
import { renderVerificationFeedback } from '../src/agents/feedback/render-verification-feedback.js';
import type { FeedbackLevel } from '../src/agents/feedback/feedback-level.js';
import { InstructorAgent } from '../src/agents/instructor/instructor-agent.js';
import type { MeteredModel } from '../src/agents/model/metered-model.js';
import { loadPromptTemplates } from '../src/agents/prompts/load-prompt-templates.js';
import { makeDiagnostic } from '../src/agents/testing/make-diagnostic.js';
import { startFakeOpenAiServer, type FakeOpenAiServer, type FakeReply } from './fake-openai-server.js';

// End-to-end over real HTTP against the local fake server (synthetic model answers).
const FAKE_KEY = 'sk-e2e-DISTINCTIVE-91c4d2-key';
const ORIGINAL = 'use vstd::prelude::*;\nverus! {\nfn max_of(a: u64, b: u64) -> (r: u64)\n    ensures\n        r >= a,\n        r >= b,\n{\n    if a > b { a } else { a }\n}\n}\n';
const CANDIDATE = ORIGINAL.replace('else { a }', 'else { b }');
const templates = loadPromptTemplates();
const diagnostics = [makeDiagnostic({ primary: { file: 'src/lib.rs', line: 6, column: 9, lineEnd: 6, columnEnd: 15, byteStart: null, byteEnd: null, label: 'failed this postcondition', sourceText: null }, location: { function: 'max_of', loopId: null, clause: { kind: 'ensures', index: 1, text: 'r >= b' } } })];
const task: EditorTask = { requestId: 'max_of#1', filePath: 'src/lib.rs', originalSource: ORIGINAL, targets: ['max_of'], diagnostics };
let applier: CandidateApplier;

const submitFile = (file: string): FakeReply => ({
  kind: 'completion',
  choices: [{ toolCalls: [{ id: 'call_A', name: 'submit_candidate', arguments: JSON.stringify({ request_id: 'max_of#1', candidate: { file }, rationale: 'return the larger value' }) }] }],
});
const advice: FakeReply = { kind: 'completion', choices: [{ text: 'In fn max_of, prove `r >= b` by returning `b` when `a <= b`. Keep the ensures clause unchanged. Also consider a lemma.' }] };

function configFor(server: FakeOpenAiServer, extra = ''): ModelConfig {
  const toml = `[model]\nname = "fake-model"\nbase_url = "${server.baseUrl}"\nmax_retries = 0\n${extra}`;
  const result = readModelConfig(toml, 'verus-repair.toml', { OPENAI_API_KEY: FAKE_KEY });
  expect(result.errors).toEqual([]);
  return result.config!;
}

function agents(metered: MeteredModel) {
  const editor = new EditorAgent(metered, templates, applier, task, { temperature: 0.2, maxOutputTokens: 2048, sampling: { samples: 1, sampling: 'n', parallelRequests: 1 } }, buildWholeFileContext);
  const instructor = new InstructorAgent(metered, templates, { temperature: 0.2, maxOutputTokens: 256 });
  return { editor, instructor };
}

/** Two iterations of the protocol the repair loop will drive, at one feedback level. */
async function runTwoIterations(metered: MeteredModel, level: FeedbackLevel) {
  const { editor, instructor } = agents(metered);
  const first = await editor.propose();
  if (first.status !== 'proposed' || first.outcomes[0]!.status !== 'candidate') throw new Error(`unexpected ${JSON.stringify(first)}`);
  const candidate = first.outcomes[0]!;
  const consulted = level === 'auto' ? await instructor.advise(diagnostics, candidate.source) : null;
  const adviceValue = consulted?.status === 'advice' ? consulted.advice : null;
  editor.respond(candidate, renderVerificationFeedback(templates, level, diagnostics, adviceValue));
  const second = await editor.propose();
  return { first, second, advice: adviceValue, messages: editor.messages() };
}

describe('editor and instructor over HTTP', () => {
  let server: FakeOpenAiServer;
  let directory: string;
  beforeAll(async () => {
    applier = await createIrCandidateApplier('src/lib.rs');
  });
  beforeEach(async () => {
    server = await startFakeOpenAiServer();
    directory = mkdtempSync(join(tmpdir(), 'agents-e2e-'));
  });
  afterEach(async () => {
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps the editor conversation, gives the instructor a fresh one, and appends its advice (auto)', async () => {
    server.script(submitFile(CANDIDATE), advice, { kind: 'completion', choices: [{ text: `Same again:\n\`\`\`rust\n${ORIGINAL}\`\`\`` }] });
    const { metered } = createModelStack(configFor(server), { environment: { OPENAI_API_KEY: FAKE_KEY } });
    const run = await runTwoIterations(metered, 'auto');
    const [editorFirst, instructorCall, editorSecond] = server.requests.map((request) => request.body['messages'] as Array<Record<string, unknown>>);

    expect(editorFirst!.map((message) => message['role'])).toEqual(['system', 'user']);
    expect(String(editorFirst![0]!['content'])).toContain('Never use assume, admit');
    expect(String(editorFirst![1]!['content'])).toContain('Request id: max_of#1');
    expect(String(editorFirst![1]!['content'])).toContain('^^^^^^ VERIFIER: postcondition not satisfied');
    expect(server.requests[0]!.body['tools']).toHaveLength(1);

    expect(instructorCall!.map((message) => message['role'])).toEqual(['system', 'user']);
    expect(String(instructorCall![0]!['content'])).toContain('expert in analyzing reports of the Verus verifier');
    expect(JSON.stringify(instructorCall)).not.toContain('Request id: max_of#1');
    expect(String(instructorCall![1]!['content'])).toContain('else { b }');
    expect(server.requests[1]!.body['tools']).toBeUndefined();

    expect(editorSecond!.map((message) => message['role'])).toEqual(['system', 'user', 'assistant', 'tool']);
    expect(editorSecond!.slice(0, 2)).toEqual(editorFirst);
    const toolResult = editorSecond![3]!;
    expect(toolResult['tool_call_id']).toBe('call_A');
    expect(String(toolResult['content'])).toContain('advice, not evidence');
    expect(String(toolResult['content'])).toContain('In fn max_of, prove `r >= b` by returning `b` when `a <= b`. Keep the ensures clause unchanged.');
    expect(String(toolResult['content'])).not.toContain('consider a lemma');
    expect(run.advice).toMatchObject({ evidence: false, truncated: true, sentenceCount: 3 });

    expect(run.second.status === 'proposed' && run.second.outcomes[0]).toMatchObject({ status: 'identical', match: 'original' });
  });

  it.each<[FeedbackLevel, string]>([
    ['none', 'The proposed code DID NOT verify.'],
    ['generic', 'The proposed code DID NOT verify. The verifier reported:\n- postcondition: postcondition not satisfied, in fn max_of, line 6, clause ensures #2 `r >= b`'],
  ])('sends the %s feedback text and never consults the instructor', async (level, expected) => {
    server.script(submitFile(CANDIDATE), submitFile(CANDIDATE));
    const { metered } = createModelStack(configFor(server), { environment: { OPENAI_API_KEY: FAKE_KEY } });
    const run = await runTwoIterations(metered, level);
    expect(server.requests).toHaveLength(2);
    const messages = server.requests[1]!.body['messages'] as Array<Record<string, unknown>>;
    expect(String(messages[3]!['content'])).toContain(expected);
    if (level === 'none') expect(messages[3]!['content']).toBe(expected);
    expect(run.second.status === 'proposed' && run.second.outcomes[0]).toMatchObject({ status: 'identical', match: { iteration: 1 } });
  });

  it('turns an unusable answer into format-error feedback, then applies a whole-function candidate through the IR', async () => {
    const repairedFunction = 'fn max_of(a: u64, b: u64) -> (r: u64)\n    ensures\n        r >= a,\n        r >= b,\n{\n    if a > b { a } else { b }\n}';
    const submitFunction = { kind: 'completion' as const, choices: [{ toolCalls: [{ id: 'call_Y', name: 'submit_candidate', arguments: JSON.stringify({ request_id: 'max_of#1', candidate: { functions: [{ name: 'max_of', code: repairedFunction }] }, rationale: 'r' }) }] }] };
    server.script({ kind: 'completion', choices: [{ toolCalls: [{ id: 'call_X', name: 'submit_candidate', arguments: '{"request_id": "max_of#1", "candid' }] }] }, submitFunction);
    const { metered } = createModelStack(configFor(server), { environment: { OPENAI_API_KEY: FAKE_KEY } });
    const { editor } = agents(metered);
    const first = await editor.propose();
    const outcome = first.status === 'proposed' ? first.outcomes[0]! : null;
    expect(outcome).toMatchObject({ status: 'format-error', toolCallId: 'call_X' });
    editor.respond(outcome!, outcome!.status === 'format-error' ? outcome!.feedback : '');
    const second = await editor.propose();
    expect(second.status === 'proposed' && second.outcomes[0]).toMatchObject({ status: 'candidate', source: CANDIDATE });
    const messages = server.requests[1]!.body['messages'] as Array<Record<string, unknown>>;
    expect(messages[3]).toMatchObject({ role: 'tool', tool_call_id: 'call_X' });
    expect(String(messages[3]!['content'])).toMatch(/^FORMAT ERROR: .*not valid JSON/);
  });

  it('strips terminal escapes from the rationale and from format problems that quote the model, but not from the code', async () => {
    const hostile = '\x1b]0;pwned\x07\x1b[2J';
    const code = CANDIDATE.replace('else { b }', `else { b } // ${hostile}`);
    server.script(
      { kind: 'completion', choices: [{ toolCalls: [{ id: 'call_E', name: `evil${hostile}`, arguments: '{}' }] }] },
      { kind: 'completion', choices: [{ toolCalls: [{ id: 'call_F', name: 'submit_candidate', arguments: JSON.stringify({ request_id: 'max_of#1', candidate: { file: code }, rationale: `${hostile}return b` }) }] }] },
    );
    const { metered } = createModelStack(configFor(server), { environment: { OPENAI_API_KEY: FAKE_KEY } });
    const { editor } = agents(metered);
    const first = await editor.propose();
    const refused = first.status === 'proposed' ? first.outcomes[0]! : null;
    expect(refused).toMatchObject({ status: 'format-error', problem: expect.stringContaining('there is no tool named "evil"') });
    expect(refused!.status === 'format-error' && refused!.problem + refused!.feedback).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/);
    editor.respond(refused!, refused!.status === 'format-error' ? refused!.feedback : '');
    const second = await editor.propose();
    const accepted = second.status === 'proposed' ? second.outcomes[0]! : null;
    expect(accepted).toMatchObject({ status: 'candidate', submission: { rationale: 'return b' }, source: code });
  });

  it('stops cleanly with BudgetExhausted when the call budget is used up', async () => {
    server.script(submitFile(CANDIDATE), submitFile(CANDIDATE.replace('r >= a', 'r >= a && true')));
    const { metered } = createModelStack(configFor(server, '[model.budget]\nmax_calls = 2\n'), { environment: { OPENAI_API_KEY: FAKE_KEY } });
    const { editor } = agents(metered);
    for (let iteration = 0; iteration < 2; iteration += 1) {
      const proposal = await editor.propose();
      if (proposal.status !== 'proposed') throw new Error('budget ran out too early');
      editor.respond(proposal.outcomes[0]!, 'The proposed code DID NOT verify.');
    }
    const third = await editor.propose();
    expect(third).toMatchObject({ status: 'budget-exhausted', exhausted: { kind: 'budget-exhausted', limit: 'calls', used: 2, maximum: 2 } });
    expect(third.status === 'budget-exhausted' && third.exhausted.reason).toBe('budget exhausted: 2 model calls made, the budget allows 2');
    expect(server.requests).toHaveLength(2);
    expect(metered.budget.snapshot()).toMatchObject({ calls: 2, promptTokens: 200, completionTokens: 40, costUsd: null });
  });

  it('records a run to a cassette and replays it with the server stopped, with identical results and no key', async () => {
    const cassette = join(directory, 'run.jsonl');
    const printed: string[] = [];
    const capture = (chunk: unknown): boolean => printed.push(String(chunk)) > 0;
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);
    vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
    process.env['OPENAI_LOG'] = 'debug';
    server.script(submitFile(CANDIDATE), advice, { kind: 'completion', choices: [{ text: `\`\`\`rust\n${ORIGINAL}\`\`\`` }] });
    const config = configFor(server);
    const live = await runTwoIterations(createModelStack(config, { environment: { OPENAI_API_KEY: FAKE_KEY }, recordTo: cassette }).metered, 'auto');
    await server.close();
    const replayed = await runTwoIterations(createModelStack(config, { environment: {}, replayFrom: cassette }).metered, 'auto');
    expect(replayed).toEqual(live);
    expect(readFileSync(cassette, 'utf8')).not.toContain(FAKE_KEY);
    expect(JSON.stringify(live.messages satisfies ChatMessage[])).not.toContain(FAKE_KEY);
    delete process.env['OPENAI_LOG'];
    vi.restoreAllMocks();
    expect(printed.join('\n')).not.toContain(FAKE_KEY);
  });
});
