/**
 * Names of failed tests in libtest's human output (`test path::name ... FAILED`), in order,
 * without duplicates. Output of a crashed test binary may have none.
 */
export function parseFailingTests(output: string): string[] {
  const names = new Set<string>();
  for (const match of output.matchAll(/^test (\S+) \.\.\. FAILED\s*$/gm)) {
    if (match[1] !== undefined) names.add(match[1]);
  }
  return [...names];
}
