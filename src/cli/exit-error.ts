import { VerusRepairError } from '../core/errors.js';

/** "The message has been printed (or is this one); exit with this code." Thrown by commands. */
export class ExitError extends VerusRepairError {
  override readonly name: string = 'ExitError';
  readonly exitCode: number;

  constructor(exitCode: number, message = '') {
    super(message);
    this.exitCode = exitCode;
  }
}
