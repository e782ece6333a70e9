import { z } from 'zod';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';
import { findUnknownTables } from '../../config/find-unknown-tables.js';
import { parseTomlDocument } from '../../config/parse-toml-document.js';
import { MAX_JOBS } from '../../core/max-jobs.js';
import { MAX_SAMPLE_SEED } from '../sample-mutants.js';
import { MUTATION_OPERATOR_NAMES, type MutationOperator } from '../mutation-operator.js';
import type { ReviewConfig } from './review-config.js';

const reviewSectionSchema = z
  .object({
    operators: z.array(z.enum(MUTATION_OPERATOR_NAMES as [MutationOperator, ...MutationOperator[]])).min(1).default([...MUTATION_OPERATOR_NAMES]),
    max_mutants: z.number().int().positive().optional(),
    seed: z.number().int().min(0).max(MAX_SAMPLE_SEED).default(1),
    jobs: z.number().int().min(1).max(MAX_JOBS).default(1),
    vacuity: z.boolean().default(true),
    spec_tests: z.boolean().default(true),
    reprove_iterations: z.number().int().min(1).max(100).default(2),
    reprove_max_tokens: z.number().int().positive().optional(),
  })
  .strict();

const EXAMPLES: Record<string, string> = {
  'review.operators': 'operators = ["relational-operator", "constant"]',
  'review.max_mutants': 'max_mutants = 200',
  'review.seed': 'seed = 1',
  'review.jobs': 'jobs = 2',
  'review.vacuity': 'vacuity = true',
  'review.spec_tests': 'spec_tests = false',
  'review.reprove_iterations': 'reprove_iterations = 2',
  'review.reprove_max_tokens': 'reprove_max_tokens = 20000',
};

/** Reads `[review]`; every problem is one message naming the key, the expected form and an example. */
export function readReviewConfig(tomlText: string, file: string): { config: ReviewConfig | null; errors: string[] } {
  const parsed = parseTomlDocument(tomlText, file);
  if ('error' in parsed) return { config: null, errors: [parsed.error] };
  const section = reviewSectionSchema.safeParse(parsed.document['review'] ?? {}, { reportInput: true });
  const unknownTables = findUnknownTables(parsed.document, file);
  if (!section.success) {
    const errors = section.error.issues.map((issue) => `${file}: ${describeSchemaIssue(issue, ['review'], (key) => EXAMPLES[key.split('.').slice(0, 2).join('.')] ?? EXAMPLES['review.jobs'] ?? '')}`);
    return { config: null, errors: [...errors, ...unknownTables] };
  }
  if (unknownTables.length > 0) return { config: null, errors: unknownTables };
  const data = section.data;
  return { config: { operators: data.operators, maxMutants: data.max_mutants ?? null, seed: data.seed, jobs: data.jobs, vacuity: data.vacuity, specTests: data.spec_tests, reproveIterations: data.reprove_iterations, reproveMaxTokens: data.reprove_max_tokens ?? null }, errors: [] };
}

export function defaultReviewConfig(): ReviewConfig {
  return { operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs: 1, vacuity: true, specTests: true, reproveIterations: 2, reproveMaxTokens: null };
}
