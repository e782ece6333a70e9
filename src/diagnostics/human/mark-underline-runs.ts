/** A run of `^` or `-` under a source line, with the label rustc printed for it. */
export interface UnderlineRun {
  line: number;
  /** 0-based index of the run's first character in the row body. */
  start: number;
  length: number;
  character: '^' | '-';
  label: string | null;
}

/** Whatever was labelled last (a run or a multi-line span), for labels that continue on the next row. */
export interface LabelHolder {
  label: string | null;
}

/**
 * Reads one annotation row. A row of runs (`^^^^ label`, `---- ^^^`) adds runs, the text after the
 * last run being its label. A row of text alone is a stacked label: it belongs to the unlabelled run
 * starting at the same column, else it continues the last label.
 */
export function markUnderlineRuns(body: string, line: number, runs: UnderlineRun[], lastLabelled: { holder: LabelHolder | null }): void {
  const first = body.search(/[^ |]/);
  if (first === -1) return;
  if (body[first] === '^' || body[first] === '-') {
    readRunRow(body, first, line, runs, lastLabelled);
    return;
  }
  const text = body.slice(first).trimEnd();
  const stacked = runs.find((run) => run.line === line && run.label === null && run.start === first);
  const target = stacked ?? lastLabelled.holder ?? [...runs].reverse().find((run) => run.line === line && run.label === null && run.start <= first);
  if (target === undefined) return;
  target.label = target.label === null ? text : `${target.label}\n${text}`;
  lastLabelled.holder = target;
}

function readRunRow(body: string, first: number, line: number, runs: UnderlineRun[], lastLabelled: { holder: LabelHolder | null }): void {
  let index = first;
  let last: UnderlineRun | null = null;
  while (index < body.length) {
    const character = body[index];
    if (character === '^' || character === '-') {
      let end = index;
      while (body[end] === character) end += 1;
      last = { line, start: index, length: end - index, character, label: null };
      runs.push(last);
      index = end;
    } else if (character === ' ' || character === '|') {
      const next = body.slice(index).search(/[^ |]/);
      if (next === -1) return;
      const nextCharacter = body[index + next];
      if (nextCharacter !== '^' && nextCharacter !== '-') break;
      index += next;
    } else {
      break;
    }
  }
  const label = body.slice(index).trim();
  if (last !== null && label !== '') {
    last.label = label;
    lastLabelled.holder = last;
  }
}
