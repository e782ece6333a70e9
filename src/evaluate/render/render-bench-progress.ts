import { assertNever } from '../../core/assert-never.js';
import { describeSkippedLines } from '../attempts/attempt-log.js';
import type { BenchEvent, BenchEventSink } from '../bench-event.js';

/** One rewritten progress line on a TTY (attempts done, Correct so far per setting, spend, ETA); plain lines otherwise. */
export function createBenchProgress(stream: NodeJS.WriteStream): BenchEventSink {
  const tty = stream.isTTY === true;
  return (event: BenchEvent) => {
    switch (event.type) {
      case 'bench-started':
        stream.write(`bench: ${event.tasks} tasks × ${event.settings} settings: ${event.attempts} attempts (${event.alreadyDone} already done)\n`);
        if (event.skippedAttemptLines.length > 0) stream.write(`bench: ${describeSkippedLines(event.skippedAttemptLines) ?? ''}\n`);
        return;
      case 'task-invalid':
        stream.write(`invalid task ${event.taskId} (${event.reason}): ${event.detail}; left out of every denominator\n`);
        return;
      case 'attempt-finished': {
        const spend = event.costUsd === null ? `${event.tokens} tokens` : `$${event.costUsd.toFixed(4)} (${event.tokens} tokens)`;
        const eta = event.etaMs === null ? '' : ` ETA ${Math.round(event.etaMs / 1000)} s`;
        const line = `[${event.done}/${event.total}] ${Object.entries(event.correctSoFar).map(([setting, value]) => `${setting} ${value}`).join('  ')}  ${spend}${eta}`;
        stream.write(tty ? `\r\x1b[2K${line}` : `${line}\n`);
        return;
      }
      case 'bench-stopped':
        stream.write(`${tty ? '\n' : ''}bench stopped: ${event.reason}\n`);
        return;
      case 'bench-finished':
        stream.write(`${tty ? '\n' : ''}wrote ${event.files.join(', ')}\n`);
        return;
      default:
        assertNever(event);
    }
  };
}
