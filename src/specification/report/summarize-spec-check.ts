import type { FunctionSpecCheck, SpecCheckTotals } from './spec-check-report.js';

/**
 * The totals of a check (pure): what was checked on how many inputs, and the outcome check-spec's
 * exit code follows. Nothing checked (no harness, nothing executable, every input interrupted or
 * outside the requires) is an outcome of its own, never "no counterexample".
 */
export function summarizeSpecCheck(functions: readonly FunctionSpecCheck[]): SpecCheckTotals {
  let clausesChecked = 0;
  let inputsChecked = 0;
  let counterexamples = 0;
  let timeouts = 0;
  let memoryExceeded = 0;
  let untried = 0;
  const unchecked: Array<{ name: string; why: string }> = [];
  for (const result of functions) {
    if (result.status === 'checked' || result.status === 'timed-out') {
      timeouts += result.interrupted?.timedOut ?? (result.status === 'timed-out' ? 1 : 0);
      memoryExceeded += result.interrupted?.memoryExceeded ?? 0;
      untried += result.interrupted?.untried ?? 0;
    }
    if (result.status === 'checked') {
      counterexamples += result.counterexamples.length;
      const satisfying = result.counts.satisfyingRequires;
      const evaluated = result.clauses.filter((clause) => clause.kind === 'ensures' && clause.status === 'executable' && satisfying > clause.specPanics).length;
      clausesChecked += evaluated;
      if (evaluated > 0) inputsChecked += satisfying;
      if (evaluated === 0 && result.counterexamples.length === 0) unchecked.push({ name: result.function, why: describeUnchecked(result) });
    } else unchecked.push({ name: result.function, why: describeUnchecked(result) });
  }
  const outcome = counterexamples > 0 ? 'counterexample' : clausesChecked > 0 ? 'none-found' : 'nothing-checked';
  return { outcome, nothingChecked: outcome === 'nothing-checked' ? describeNothingChecked(unchecked) : null, clausesChecked, inputsChecked, counterexamples, timeouts, memoryExceeded, untried };
}

function describeUnchecked(result: FunctionSpecCheck): string {
  const firstLine = (text: string) => text.split('\n')[0] ?? text;
  switch (result.status) {
    case 'not-executable':
      return `not executable (${firstLine(result.reason)})`;
    case 'harness-failed':
      return firstLine(result.reason);
    case 'timed-out':
      return `every input tried did not return within ${result.timeoutMs} ms`;
    case 'checked': {
      const ensures = result.clauses.filter((clause) => clause.kind === 'ensures');
      if (ensures.length === 0) return 'it has no ensures';
      if (ensures.every((clause) => clause.status !== 'executable')) return 'no ensures is executable';
      if (result.counts.tried === 0 && (result.interrupted?.memoryExceeded ?? 0) > 0) return 'every input tried exceeded the memory cap';
      if (result.counts.satisfyingRequires === 0) return `no input of ${result.counts.tried} satisfied the requires`;
      return 'evaluating its ensures panicked on every input';
    }
  }
}

/** One line: the functions grouped by why (a harness that did not build says so once for all). */
function describeNothingChecked(unchecked: ReadonlyArray<{ name: string; why: string }>): string {
  if (unchecked.length === 0) return 'no function to check';
  const groups = new Map<string, string[]>();
  for (const { name, why } of unchecked) groups.set(why, [...(groups.get(why) ?? []), name]);
  const parts = [...groups].map(([why, names]) => `${names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ')}: ${why}`);
  return parts.length > 3 ? `${parts.slice(0, 3).join('; ')}; and ${parts.length - 3} more reasons` : parts.join('; ');
}
