import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BoundedOutput } from './bounded-output.js';

describe('BoundedOutput', () => {
  it('keeps short output whole', () => {
    const output = new BoundedOutput(100);
    output.append(Buffer.from('hello '));
    output.append(Buffer.from('world'));
    expect(output.finish()).toEqual({ text: 'hello world', totalBytes: 11, omittedBytes: 0 });
  });

  it('keeps the head and the tail of long output with a marker for the middle', () => {
    const output = new BoundedOutput(10);
    output.append(Buffer.from('HEAD1'));
    output.append(Buffer.from('middle-that-is-dropped'));
    output.append(Buffer.from('TAIL9'));
    const captured = output.finish();
    expect(captured.text.startsWith('HEAD1')).toBe(true);
    expect(captured.text.endsWith('TAIL9')).toBe(true);
    expect(captured.text).toContain('[verus-repair: 22 bytes of output omitted]');
    expect(captured.omittedBytes).toBe(22);
  });

  it('never holds more than the budget, whatever the chunking', () => {
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ maxLength: 300 }), { maxLength: 40 }), fc.integer({ min: 2, max: 500 }), (chunks, budget) => {
        const output = new BoundedOutput(budget);
        for (const chunk of chunks) output.append(Buffer.from(chunk));
        const captured = output.finish();
        const total = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
        expect(captured.totalBytes).toBe(total);
        expect(total - captured.omittedBytes).toBeLessThanOrEqual(budget);
        if (captured.omittedBytes === 0) expect(captured.text).toBe(Buffer.concat(chunks.map((chunk) => Buffer.from(chunk))).toString('utf8'));
      }),
    );
  });
});
