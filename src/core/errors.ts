/**
 * The verus-repair error hierarchy. Every error has a stable `name` so that callers (and the CLI's
 * single error boundary in src/cli/main.ts) can tell them apart without instanceof chains across
 * module copies. Failures that are data (a proof that does not verify, a guard rejection) are NOT
 * errors: they are values in discriminated unions.
 */

/** Where in a user-supplied file a problem is. Line and column are 1-based; column counts Unicode scalar values, as rustc does. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

export class VerusRepairError extends Error {
  override readonly name: string = 'VerusRepairError';
}

/** The user's configuration or command line is wrong. The message says what was expected and gives an example. */
export class ConfigurationError extends VerusRepairError {
  override readonly name: string = 'ConfigurationError';
}

/**
 * A user-supplied input file cannot be used: malformed Rust, non-UTF-8 bytes, an empty file, a file
 * without `verus!`, unreadable recorded verifier output. Always names the file and position.
 */
export class InputError extends VerusRepairError {
  override readonly name: string = 'InputError';
  readonly position: SourcePosition;
  /** A short machine-readable reason, e.g. `non-utf8`, `unbalanced-delimiter`, `no-verus-macro`. */
  readonly reason: string;

  constructor(reason: string, message: string, position: SourcePosition) {
    super(`${position.file}:${position.line}:${position.column}: ${message}`);
    this.reason = reason;
    this.position = position;
  }
}

/** The language model answered with something unusable. Becomes feedback to the model, not a crash. */
export class ModelBehaviourError extends VerusRepairError {
  override readonly name: string = 'ModelBehaviourError';
}

/** An external tool or service (docker, cargo, git, an HTTP endpoint) failed. */
export class AdapterError extends VerusRepairError {
  override readonly name: string = 'AdapterError';
  readonly isRetryable: boolean;

  constructor(message: string, options: { isRetryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.isRetryable = options.isRetryable ?? false;
  }
}

/** A bug in verus-repair itself. */
export class InternalError extends VerusRepairError {
  override readonly name: string = 'InternalError';

  constructor(message: string) {
    super(`${message} (this is a bug in verus-repair; please report it with the command you ran)`);
  }
}

export function isVerusRepairError(error: unknown): error is VerusRepairError {
  return error instanceof VerusRepairError;
}
