import type { HarnessLine } from './read-harness-output.js';

/** An input whose call did not finish (past the call timeout or the memory cap): its process ended there. */
export type Interruption = Extract<HarnessLine, { type: 'timed-out' | 'memory-exceeded' }>;
type Summary = Extract<HarnessLine, { type: 'summary' }>;

export interface MergedSegments {
  /** Each kind of finding once (the first process's: inputs run smallest first), the first witness, and one summary of all the processes. */
  lines: HarnessLine[];
  interruptions: Interruption[];
  /** Inputs of the list no process reached (the check stopped after its last interruption). */
  untried: number;
}

/**
 * The output of the processes that ran one function's check, each resumed after the input that
 * ended the one before (pure). Each process shrinks its own findings, so one kind of failure found
 * again after a resume is the same evidence twice: only the first is kept.
 */
export function mergeHarnessSegments(segments: ReadonlyArray<readonly HarnessLine[]>): MergedSegments {
  const lines: HarnessLine[] = [];
  const interruptions: Interruption[] = [];
  const kinds = new Set<string>();
  let summary: Summary | null = null;
  for (const segment of segments) {
    for (const line of segment) {
      if (line.type === 'timed-out' || line.type === 'memory-exceeded') interruptions.push(line);
      else if (line.type === 'summary') summary = summary === null ? { ...line } : addSummaries(summary, line);
      else {
        const kind = findingKind(line);
        if (kinds.has(kind)) continue;
        kinds.add(kind);
        lines.push(line);
      }
    }
  }
  if (summary !== null) lines.push(summary);
  return { lines, interruptions, untried: summary === null ? 0 : Math.max(0, summary.total - summary.next) };
}

function addSummaries(left: Summary, right: Summary): Summary {
  const specPanics = [...left.specPanics];
  for (const entry of right.specPanics) {
    const found = specPanics.findIndex((other) => other.clause === entry.clause);
    if (found === -1) specPanics.push(entry);
    else specPanics[found] = { clause: entry.clause, count: specPanics[found]!.count + entry.count };
  }
  return { ...left, next: right.next, tried: left.tried + right.tried, satisfying: left.satisfying + right.satisfying, requiresPanicked: left.requiresPanicked + right.requiresPanicked, specPanics };
}

/** The harness's own key of a finding (harness-runtime.ts, key): a panic by its message's first part, an ensures by its clause. */
function findingKind(line: Exclude<HarnessLine, Summary | Interruption>): string {
  switch (line.type) {
    case 'panic':
      return `panic:${line.message.split(':')[0] ?? ''}`;
    case 'ensures-false':
      return `ensures:${line.clause}`;
    case 'weak-witness':
      return 'weak-witness';
  }
}
