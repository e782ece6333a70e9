import path from 'node:path';
import { execa } from 'execa';
import { FAKE_BIN_DIR } from './fake-environment.js';

/** What one run of a fake executable printed, and how it ended (a signal when it aborted). */
export interface FakeToolRun {
  exitCode: number | undefined;
  signal: string | undefined;
  stdout: string;
  stderr: string;
}

/** Runs test/fakes/bin/<tool> as a real process in `cwd` with exactly `environment` (no inherited variables). */
export async function runFakeTool(tool: 'cargo-verus' | 'verus' | 'docker', argv: string[], options: { cwd: string; environment: NodeJS.ProcessEnv }): Promise<FakeToolRun> {
  const result = await execa(path.join(FAKE_BIN_DIR, tool), argv, { cwd: options.cwd, env: options.environment, extendEnv: false, reject: false, stripFinalNewline: false, timeout: 30_000 });
  return { exitCode: result.exitCode, signal: result.signal, stdout: String(result.stdout), stderr: String(result.stderr) };
}
