import type { z } from 'zod';
import { exampleForKey } from './config-examples.js';

/**
 * Turns one schema issue into a message that names the key, says what was expected and what was
 * received, and quotes a valid example, e.g.
 * `model.temperature: expected a number between 0 and 2, received 7. Example: temperature = 0.2`.
 */
export function describeConfigIssue(issue: z.core.$ZodIssue, sectionPath: string[]): string {
  const path = [...sectionPath, ...issue.path.map(String)];
  if (issue.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => [...path, key].join('.'));
    const hint = issue.keys.some((key) => /api_?key|token|secret/i.test(key))
      ? ' Keys never go in the config file: set the environment variable named by api_key_env (default OPENAI_API_KEY).'
      : '';
    return `${keys.join(', ')}: unknown key.${hint} Example: ${exampleForKey(path.join('.') || 'model')}`;
  }
  const key = path.join('.');
  const received = 'input' in issue && issue.input !== undefined ? `, received ${JSON.stringify(issue.input)}` : ', but it is missing';
  return `${key}: ${expectationOf(issue)}${received}. Example: ${exampleForKey(key)}`;
}

function expectationOf(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected one of ${issue.values.map((value) => JSON.stringify(value)).join(', ')}`;
    case 'invalid_format':
      return `expected a ${issue.format}`;
    case 'too_small':
      return `expected a value ${issue.inclusive === false ? '>' : '>='} ${String(issue.minimum)}`;
    case 'too_big':
      return `expected a value ${issue.inclusive === false ? '<' : '<='} ${String(issue.maximum)}`;
    default:
      return issue.message;
  }
}
