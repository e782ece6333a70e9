import { describe, expect, it } from 'vitest';
import { describeModelOrigin } from '../../core/model-origin.js';
import { resolveModelOrigin } from './resolve-model-origin.js';

describe('resolveModelOrigin', () => {
  it('names the cassette a replay answers from, whatever the endpoint', () => {
    expect(describeModelOrigin(resolveModelOrigin('https://api.openai.com/v1', { replay: '/runs/c.jsonl', record: null }))).toBe('replayed from /runs/c.jsonl');
  });

  it('names the endpoint without credentials, and the cassette it records to', () => {
    const origin = resolveModelOrigin('https://user:sk-secret@llm.example:8443/v1?key=sk-other#x', { replay: null, record: '/runs/r.jsonl' });
    expect(describeModelOrigin(origin)).toBe('endpoint https://llm.example:8443/v1, recorded to /runs/r.jsonl');
    expect(JSON.stringify(origin)).not.toContain('sk-');
  });
});
