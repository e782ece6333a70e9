import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { execa, type ResultPromise } from 'execa';

const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Starts `verus-repair <args>` from the sources in a child process with exactly `environment`.
 * `detached` makes it a process group leader, so a test can signal the whole group as a terminal's Ctrl-C does.
 */
export function startCli(args: string[], environment: NodeJS.ProcessEnv, cwd = PROJECT_ROOT, options: { detached?: boolean } = {}): ResultPromise<{ reject: false; timeout: number }> {
  return startTypeScript(path.join(PROJECT_ROOT, 'src', 'cli', 'run.ts'), args, environment, cwd, options);
}

/** Starts one TypeScript file of the project in a child Node process, as startCli starts the CLI. */
export function startTypeScript(file: string, args: string[], environment: NodeJS.ProcessEnv, cwd = PROJECT_ROOT, options: { detached?: boolean } = {}): ResultPromise<{ reject: false; timeout: number }> {
  // tsx by absolute URL: the child may run outside the project, where a bare `tsx` would not resolve.
  const loader = pathToFileURL(path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
  return execa(process.execPath, ['--import', loader, file, ...args], {
    cwd,
    env: environment,
    extendEnv: false,
    reject: false,
    timeout: 120_000,
    detached: options.detached === true,
  });
}

/** Runs `verus-repair <args>` to completion. */
export async function runCli(args: string[], environment: NodeJS.ProcessEnv, cwd = PROJECT_ROOT): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const result = await startCli(args, environment, cwd);
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr) };
}
