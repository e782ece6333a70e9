/**
 * The median time of each action, run in turn `runs` times after one warm-up each, so that load on
 * a shared machine hits them all alike.
 */
export async function compareInterleaved<Actions extends ReadonlyArray<() => Promise<unknown>>>(runs: number, actions: readonly [...Actions]): Promise<{ [Index in keyof Actions]: number }> {
  for (const action of actions) await action();
  const times = actions.map((): number[] => []);
  for (let run = 0; run < runs; run += 1) {
    for (const [index, action] of actions.entries()) {
      const started = performance.now();
      await action();
      times[index]?.push(performance.now() - started);
    }
  }
  return times.map(median) as { [Index in keyof Actions]: number };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
