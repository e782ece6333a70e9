/** The top-level tables of verus-repair.toml; each has its own section reader. */
export const KNOWN_TABLES = ['model', 'verifier', 'queue', 'review', 'guard', 'spec_check', 'mcp'] as const;

/**
 * One message per top-level key of a parsed verus-repair.toml that no section reader reads, so that a
 * misspelled table (`[verifer]`) is an error instead of settings silently ignored.
 */
export function findUnknownTables(document: Record<string, unknown>, file: string): string[] {
  const known = KNOWN_TABLES.map((table) => `[${table}]`).join(', ');
  return Object.entries(document)
    .filter(([key]) => !(KNOWN_TABLES as readonly string[]).includes(key))
    .map(([key, value]) => {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        return `${file}: ${key}: unknown top-level key; every setting belongs in a table. Known tables: ${known}`;
      }
      const nearest = KNOWN_TABLES.find((table) => editDistance(table, key.toLowerCase()) <= 2);
      return `${file}: [${key}]: unknown table${nearest === undefined ? '' : ` (did you mean [${nearest}]?)`}. Known tables: ${known}`;
    });
}

function editDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (const [row, leftChar] of [...left].entries()) {
    const current = [row + 1];
    for (const [column, rightChar] of [...right].entries()) {
      current.push(Math.min((previous[column + 1] ?? 0) + 1, (current[column] ?? 0) + 1, (previous[column] ?? 0) + (leftChar === rightChar ? 0 : 1)));
    }
    previous = current;
  }
  return previous[right.length] ?? 0;
}
