/**
 * Names from `available` that look like a mistyped `wanted`: the same last path segment, one
 * containing the other, or a small edit distance. Closest first, at most `limit`.
 */
export function findCloseNames(wanted: string, available: readonly string[], limit = 5): string[] {
  const wantedLast = lastSegment(wanted).toLowerCase();
  const scored = available.map((name) => {
    const last = lastSegment(name).toLowerCase();
    if (last === wantedLast) return { name, score: 0 };
    if (last.includes(wantedLast) || wantedLast.includes(last)) return { name, score: 1 };
    const distance = editDistance(wantedLast, last);
    return { name, score: distance <= Math.min(4, Math.max(2, Math.floor(wantedLast.length / 2))) ? 1 + distance : Infinity };
  });
  return scored.filter((entry) => entry.score !== Infinity).sort((left, right) => left.score - right.score).slice(0, limit).map((entry) => entry.name);
}

function lastSegment(name: string): string {
  return name.split('::').pop() ?? name;
}

/** Levenshtein distance, one row at a time. */
function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = (previous[column - 1] ?? 0) + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min(substitution, (previous[column] ?? 0) + 1, (current[column - 1] ?? 0) + 1));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
