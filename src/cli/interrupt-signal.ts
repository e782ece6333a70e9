import { ExitError } from './exit-error.js';

/** Why a command stopped on Ctrl-C (SIGINT) or SIGTERM: exit 130, with what was stopped and what to do next. */
export class InterruptedError extends ExitError {
  override readonly name: string = 'InterruptedError';

  constructor(message: string) {
    super(130, message);
  }
}

/**
 * Runs `work` with a signal that aborts on the first Ctrl-C or SIGTERM, its reason an
 * InterruptedError. Runners given the signal kill their process trees and rethrow the reason, so the
 * CLI boundary exits 130 only after the children are gone. The listener stays registered while
 * `work` unwinds (so other signal listeners, such as the run lock's, know the signal is handled);
 * a second Ctrl-C ends the process at once.
 */
export async function withInterruptSignal<T>(message: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const interrupt = (): void => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort(new InterruptedError(message));
  };
  process.on('SIGINT', interrupt);
  process.on('SIGTERM', interrupt);
  try {
    return await work(controller.signal);
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}
