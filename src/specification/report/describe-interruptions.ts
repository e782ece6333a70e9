import type { Interruption } from '../harness/merge-harness-segments.js';
import { MAXIMUM_INTERRUPTIONS } from '../harness/run-function-check.js';
import type { InterruptedInputs, NamedValue } from './spec-check-report.js';

/**
 * The inputs of one function's check that did not finish (merged from its processes), and the notes
 * that say so: a hang or an allocation past the cap is never a counterexample.
 */
export function describeInterruptions(interruptions: readonly Interruption[], untried: number, name: (values: string[]) => NamedValue[]): { interrupted: InterruptedInputs; notes: string[] } {
  const calls = interruptions.filter((line) => line.phase === 'call');
  const timedOut = calls.filter((line) => line.type === 'timed-out');
  const memory = calls.filter((line) => line.type === 'memory-exceeded');
  const interrupted: InterruptedInputs = {
    timedOut: timedOut.length, memoryExceeded: memory.length, untried,
    firstTimedOut: timedOut[0] === undefined ? null : name(timedOut[0].inputs),
    firstMemoryExceeded: memory[0] === undefined ? null : name(memory[0].inputs),
    stoppedAfterCall: interruptions.length - calls.length,
  };
  const notes: string[] = [];
  const shown = (values: NamedValue[]) => values.map((entry) => `${entry.name} = ${entry.value}`).join(', ');
  const first = timedOut[0];
  if (first?.type === 'timed-out') notes.push(`${timedOut.length} input(s) did not return within ${first.timeoutMs} ms (first: ${shown(interrupted.firstTimedOut ?? [])}): a hang is not a counterexample; the inputs after each were tried by a new harness process`);
  const firstMemory = memory[0];
  if (firstMemory?.type === 'memory-exceeded') notes.push(`${memory.length} input(s) took the harness past its memory cap of ${firstMemory.memoryMb} MiB ([spec_check] memory_mb) (first: ${shown(interrupted.firstMemoryExceeded ?? [])}): not a counterexample; the inputs after each were tried by a new harness process`);
  if (interrupted.stoppedAfterCall > 0) notes.push(`shrinking a finding stopped ${interrupted.stoppedAfterCall} time(s) on a smaller input that did not finish: that finding is shown as found`);
  if (untried > 0) notes.push(`${untried} input(s) were not tried: a function's check stops after ${MAXIMUM_INTERRUPTIONS} inputs that did not finish`);
  return { interrupted, notes };
}
