import { vi } from 'vitest';
import { runCli } from '../src/cli/main.js';

export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process (the same boundary as the bin), capturing what it writes. */
export async function runCliInProcess(...argv: string[]): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => ((stdout += String(chunk)), true));
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => ((stderr += String(chunk)), true));
  try {
    const exitCode = await runCli(argv);
    return { exitCode, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
  }
}
