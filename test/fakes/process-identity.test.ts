import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isProcessAlive, readMarkerProcess } from './fake-environment.js';
import { createTemporaryDirectory, removeTemporaryDirectories } from './temporary-directory.js';

afterAll(() => removeTemporaryDirectories());

describe('isProcessAlive with a process identity', () => {
  it('sees a running process as alive, the same pid with another start time as gone, and a killed one as gone', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    const pidFile = path.join(createTemporaryDirectory('identity'), 'child.pid');
    writeFileSync(pidFile, String(child.pid));
    const seen = readMarkerProcess(pidFile);
    expect(seen.start).toMatch(/^\d+$/);
    expect(isProcessAlive(seen)).toBe(true);
    expect(isProcessAlive({ pid: seen.pid, start: `${Number(seen.start) + 1}` })).toBe(false);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    expect(isProcessAlive(seen)).toBe(false);
  });
});
