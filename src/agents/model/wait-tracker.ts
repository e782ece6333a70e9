import type { ModelWaitEvent } from './model-wait-event.js';

/** Counts outstanding calls and sends ModelWaitEvents: at the first start, per heartbeat, at the last end. */
export class WaitTracker {
  private outstanding = 0;
  private started = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly listener: ((event: ModelWaitEvent) => void) | null,
    private readonly heartbeatMs: number,
  ) {}

  begin(): void {
    this.outstanding += 1;
    if (this.listener === null || this.outstanding > 1) return;
    this.started = Date.now();
    this.listener({ type: 'model-waiting', elapsedMs: 0 });
    this.timer = setInterval(() => this.listener?.({ type: 'model-waiting', elapsedMs: Date.now() - this.started }), this.heartbeatMs);
    // A heartbeat never keeps the process alive on its own.
    this.timer.unref();
  }

  end(outcome: 'answered' | 'failed'): void {
    this.outstanding -= 1;
    if (this.listener === null || this.outstanding > 0) return;
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
    this.listener({ type: 'model-finished', elapsedMs: Date.now() - this.started, outcome });
  }
}
