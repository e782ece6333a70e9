import { describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

describe('verus-repair repair: bad input', () => {
  it('rejects malformed options with exit 2 and an example', async () => {
    const feedback = await runCliInProcess('repair', '.', '--feedback', 'loud');
    expect(feedback.exitCode).toBe(2);
    expect(feedback.stderr).toContain('--feedback expects none, generic or auto; got "loud"');
    const samples = await runCliInProcess('repair', '.', '--samples', '0');
    expect(samples.exitCode).toBe(2);
    expect(samples.stderr).toContain('--samples expects a positive integer');
  });

  it('refuses a directory that is not in a git repository, with a one-line reason', async () => {
    const run = await runCliInProcess('repair', '/', '--iterations', '1');
    expect(run.exitCode).toBe(1);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('is not inside a git repository');
  });
});
