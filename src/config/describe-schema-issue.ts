import type { z } from 'zod';

/**
 * Turns one schema issue of a verus-repair.toml section into a message that names the key, says
 * what was expected and what was received, and quotes a valid example, e.g.
 * `verifier.rlimit: expected a value > 0, received -1. Example: rlimit = 30`.
 */
export function describeSchemaIssue(
  issue: z.core.$ZodIssue,
  sectionPath: readonly string[],
  exampleForKey: (key: string) => string,
  unknownKeyHint: (key: string) => string = () => '',
): string {
  const path = [...sectionPath, ...issue.path.map(String)];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => [...path, key].join('.'));
    return `${keys.join(', ')}: unknown key.${issue.keys.map(unknownKeyHint).join('')} Example: ${exampleForKey(path.join('.'))}`;
  }
  const key = path.join('.');
  const received = 'input' in issue && issue.input !== undefined ? `, received ${JSON.stringify(issue.input)}` : ', but it is missing';
  return `${key}: ${describeExpectation(issue)}${received}. Example: ${exampleForKey(key)}`;
}

function describeExpectation(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return `expected text matching ${'pattern' in issue && typeof issue.pattern === 'string' ? issue.pattern : issue.format}`;
    case 'too_small':
      return `expected a value ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`;
    case 'too_big':
      return `expected a value ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}
