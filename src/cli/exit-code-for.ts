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
  if (error instanceof InputError) {
    return { exitCode: 2, message: `verus-repair: ${describeInputError(error)}`, kind: error.name };
  }
  if (error instanceof ConfigurationError) {
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

/** Reasons of an InputError about a path given on the command line (it is missing, or not what the command takes). */
const ARGUMENT_PATH_REASONS = new Set(['missing-path', 'not-rust', 'not-a-crate']);

/**
 * An InputError about a path given on the command line has no place in that file, though it
 * carries line 1, column 1: it names the path alone. Any other keeps its position. (An error about
 * an option is a ConfigurationError where it is raised, and names the option.)
 */
function describeInputError(error: InputError): string {
  const { file, line, column } = error.position;
  const prefix = `${file}:${line}:${column}: `;
  if (line !== 1 || column !== 1 || !error.message.startsWith(prefix)) return error.message;
  const detail = error.message.slice(prefix.length);
  if (ARGUMENT_PATH_REASONS.has(error.reason)) return `${file}: ${detail}`;
  return error.message;
}
