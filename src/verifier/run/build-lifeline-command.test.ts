import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { buildLifelineCommand } from './build-lifeline-command.js';

afterAll(removeTemporaryDirectories);

/** Runs the lifeline with `input` on its pipe, as verus-repair would have left it. */
function runLifeline(cleanupCommands: string[][], input: string, cwd: string): void {
  const [program, ...args] = buildLifelineCommand(cleanupCommands);
  execFileSync(program ?? '', args, { input, cwd, stdio: ['pipe', 'ignore', 'ignore'] });
}

describe('buildLifelineCommand', () => {
  it('runs each cleanup command once the pipe ends before the release line, taking its arguments literally', () => {
    const directory = createTemporaryDirectory('lifeline');
    const quoted = `a b"$(touch x)'; touch injected #`;
    // A group no process has (pid_max is below it): the kill finds nothing, the cleanups still run.
    runLifeline([['touch', quoted], [], ['touch', 'second']], '99999999\n', directory);
    expect(readdirSync(directory).sort()).toEqual([quoted, 'second'].sort());
  });

  it('runs nothing when released, nor when no job started', () => {
    const directory = createTemporaryDirectory('lifeline');
    runLifeline([['touch', 'released']], '99999999\n\n', directory);
    runLifeline([['touch', 'no-job']], '\n', directory);
    runLifeline([['touch', 'died-before-spawn']], '', directory);
    expect(readdirSync(directory)).toEqual([]);
  });
});
