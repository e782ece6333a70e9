import type { z } from 'zod';
import { exampleForVerifierKey } from './verifier-config-examples.js';

/**
 * Turns one schema issue into a message naming the key, what was expected, what was received and a
 * valid example, e.g. `verifier.rlimit: expected a value > 0, received -1. Example: rlimit = 30`.
 */
export function describeVerifierConfigIssue(issue: z.core.$ZodIssue): string {
  const path = ['verifier', ...issue.path.map(String)];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => [...path, key].join('.'));
    return `${keys.join(', ')}: unknown key. Example: ${exampleForVerifierKey(path.join('.'))}`;
  }
  const key = path.join('.');
  const received = 'input' in issue && issue.input !== undefined ? `, received ${JSON.stringify(issue.input)}` : '';
  return `${key}: ${describeExpectation(issue)}${received}. Example: ${exampleForVerifierKey(key)}`;
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
