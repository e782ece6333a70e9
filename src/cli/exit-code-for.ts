import { ExitError } from './exit-error.js';

/**
 * The CLI's single mapping from errors to exit codes and one-line messages. Bad user input and
 * broken configuration exit 1 (commands that document a different code throw ExitError); our own
 * bugs exit 70 (EX_SOFTWARE) with a pointer to report them.
 */
export function exitCodeFor(error: unknown): { exitCode: number; message: string | null } {
  if (error instanceof ExitError) {
    return { exitCode: error.exitCode, message: error.message === '' ? null : error.message };
  }
  if (error instanceof Error) {
    switch (error.name) {
      case 'InputError':
      case 'ConfigurationError':
      case 'ModelBehaviourError':
      case 'AdapterError':
        return { exitCode: 1, message: `verus-repair: ${error.message}` };
      case 'CommanderError':
        return { exitCode: 2, message: null };
      default:
        return { exitCode: 70, message: `verus-repair: internal error: ${error.stack ?? error.message}` };
    }
  }
  return { exitCode: 70, message: `verus-repair: internal error: ${String(error)}` };
}
