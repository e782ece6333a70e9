import { Command, CommanderError } from 'commander';
import { exitCodeFor } from './exit-code-for.js';
import { COMMAND_DEFINITIONS } from './command-definitions.js';

/** Builds the program. Each command file only declares options; its library code loads when chosen. */
export function buildProgram(): Command {
  const program = new Command('verus-repair')
    .description('Repair failing Verus proofs with LLM agents, check every candidate with Verus, keep an auditable proof history in git.')
    .version('0.1.0')
    .showHelpAfterError()
    .exitOverride();
  for (const define of COMMAND_DEFINITIONS) define(program);
  return program;
}

/** The one error boundary of the CLI. */
export async function runCli(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return process.exitCode === undefined ? 0 : Number(process.exitCode);
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : 2;
    }
    const { exitCode, message } = exitCodeFor(error);
    if (message !== null) process.stderr.write(`${message}\n`);
    return exitCode;
  }
}
