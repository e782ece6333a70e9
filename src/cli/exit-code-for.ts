import { AdapterError, ConfigurationError, InputError, InternalError, ModelBehaviourError, VerusRepairError } from '../core/errors.js';
import { ExitError } from './exit-error.js';

/** How the CLI ends on an error: its exit code, the line to print (null: already printed), and the error's stable kind. */
export interface CliFailure {
  exitCode: number;
  message: string | null;
  kind: string;
}

/**
 * The CLI's single mapping from errors to exit codes and messages. The user's bad input and broken
 * configuration exit 2; adapter and model failures exit 1 (commands that document other codes throw
 * ExitError); our own bugs exit 70 (EX_SOFTWARE). Only an error that is not ours carries a stack
 * trace: a verus-repair error's message is the whole story.
 */
export function exitCodeFor(error: unknown): CliFailure {
  if (error instanceof ExitError) {
    return { exitCode: error.exitCode, message: error.message === '' ? null : error.message, kind: error.name };
  }
  if (error instanceof ConfigurationError || error instanceof InputError) {
    return { exitCode: 2, message: `verus-repair: ${error.message}`, kind: error.name };
  }
  if (error instanceof AdapterError || error instanceof ModelBehaviourError) {
    return { exitCode: 1, message: `verus-repair: ${error.message}`, kind: error.name };
  }
  if (error instanceof InternalError) {
    return { exitCode: 70, message: `verus-repair: internal error: ${error.message}`, kind: error.name };
  }
  if (error instanceof VerusRepairError) {
    return { exitCode: 70, message: `verus-repair: internal error: ${error.name}: ${error.message}`, kind: error.name };
  }
  const text = error instanceof Error ? (error.stack ?? `${error.name}: ${error.message}`) : String(error);
  return { exitCode: 70, message: `verus-repair: internal error: ${text}`, kind: 'InternalError' };
}
