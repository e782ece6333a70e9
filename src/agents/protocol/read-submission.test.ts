import { describe, expect, it } from 'vitest';
import type { ChatChoice } from '../../core/language-model.js';
import { readSubmission } from './read-submission.js';
import { submitCandidateTool } from './submit-candidate-tool.js';

const choice = (partial: Partial<ChatChoice>): ChatChoice => ({ index: 0, text: null, toolCalls: [], finishReason: 'stop', ...partial });
const call = (args: unknown) => ({ id: 'call_1', name: 'submit_candidate', arguments: typeof args === 'string' ? args : JSON.stringify(args) });
const valid = { request_id: 'r-1', candidate: { functions: [{ name: 'f', code: 'fn f() {}' }] }, rationale: 'why' };

describe('readSubmission', () => {
  it('accepts a valid tool call', () => {
    const reading = readSubmission(choice({ toolCalls: [call(valid)] }), 'r-1');
    expect(reading).toEqual({
      status: 'submitted',
      submission: { requestId: 'r-1', edit: { kind: 'functions', functions: [{ name: 'f', code: 'fn f() {}' }] }, rationale: 'why', channel: 'tool-call', toolCallId: 'call_1' },
    });
  });

  it('accepts a whole-file candidate', () => {
    const reading = readSubmission(choice({ toolCalls: [call({ request_id: 'r-1', candidate: { file: 'verus! {}' }, rationale: '' })] }), 'r-1');
    expect(reading.status === 'submitted' && reading.submission.edit).toEqual({ kind: 'file', file: 'verus! {}' });
  });

  it('reports malformed JSON arguments as a format error naming the problem', () => {
    const reading = readSubmission(choice({ toolCalls: [call('{"request_id": "r-1", "candidate": ')] }), 'r-1');
    expect(reading).toMatchObject({ status: 'format-error', toolCallId: 'call_1' });
    expect(reading.status === 'format-error' && reading.problem).toContain('not valid JSON');
  });

  it('rejects arguments that break the schema, naming the field', () => {
    const reading = readSubmission(choice({ toolCalls: [call({ ...valid, candidate: { functions: [] } })] }), 'r-1');
    expect(reading.status === 'format-error' && reading.problem).toContain('candidate');
  });

  it('rejects a wrong request id', () => {
    const reading = readSubmission(choice({ toolCalls: [call({ ...valid, request_id: 'r-0' })] }), 'r-1');
    expect(reading.status === 'format-error' && reading.problem).toContain('request_id is "r-0"');
  });

  it('falls back to a JSON object in the text', () => {
    const reading = readSubmission(choice({ text: `Here you go:\n\`\`\`json\n${JSON.stringify(valid)}\n\`\`\`` }), 'r-1');
    expect(reading.status === 'submitted' && reading.submission.channel).toBe('json-text');
  });

  it('falls back to exactly one fenced rust block: a snippet, or a file when it has verus!', () => {
    const snippet = readSubmission(choice({ text: 'Fixed:\n```rust\nfn f() { assert(true); }\n```\nDone.' }), 'r-1');
    expect(snippet.status === 'submitted' && snippet.submission.edit).toEqual({ kind: 'snippet', code: 'fn f() { assert(true); }\n' });
    const file = readSubmission(choice({ text: '```rust\nverus! {\nfn f() {}\n}\n```' }), 'r-1');
    expect(file.status === 'submitted' && file.submission.edit.kind).toBe('file');
  });

  it('refuses two rust blocks, prose alone, and an unknown tool', () => {
    expect(readSubmission(choice({ text: '```rust\nfn a() {}\n```\n```rust\nfn b() {}\n```' }), 'r-1').status).toBe('format-error');
    const prose = readSubmission(choice({ text: 'I think the invariant is wrong.' }), 'r-1');
    expect(prose.status === 'format-error' && prose.problem).toContain('no submit_candidate tool call');
    const other = readSubmission(choice({ toolCalls: [{ id: 'x', name: 'run_shell', arguments: '{}' }] }), 'r-1');
    expect(other.status === 'format-error' && other.problem).toContain('no tool named "run_shell"');
  });

  it('derives the tool JSON schema from the zod schema', () => {
    const tool = submitCandidateTool();
    expect(tool.parameters).toMatchObject({ type: 'object', required: ['request_id', 'candidate', 'rationale'], additionalProperties: false });
    expect(JSON.stringify(tool.parameters)).toContain('"functions"');
    expect(tool.parameters).not.toHaveProperty('$schema');
  });
});
