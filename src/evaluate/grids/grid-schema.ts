import { z } from 'zod';
import { FEEDBACK_LEVELS } from '../../agents/index.js';
import { REQUEST_BOUNDS } from '../../core/request-bounds.js';

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).min(1)]);

const gridModelSchema = z
  .object({
    name: z.string().min(1).regex(/^[A-Za-z0-9][A-Za-z0-9._:/-]*$/),
    base_url: z.url().optional(),
    /** An environment variable holding the base URL (so a grid file names no private endpoint). */
    base_url_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    api_key_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).default('OPENAI_API_KEY'),
    input_per_million: z.number().nonnegative().optional(),
    /** Prompt tokens served from the provider's prompt cache; without it they cost input_per_million. */
    cached_input_per_million: z.number().nonnegative().optional(),
    output_per_million: z.number().nonnegative().optional(),
  })
  .strict();

/**
 * A grid file. The feedback axis takes exactly the levels the agents define (FEEDBACK_LEVELS), so a
 * new level is accepted here as soon as it exists there.
 */
export const gridFileSchema = z
  .object({
    model: z.array(gridModelSchema).min(1).optional(),
    feedback: oneOrMany(z.enum(FEEDBACK_LEVELS)).optional(),
    samples: oneOrMany(z.number().int().min(1).max(REQUEST_BOUNDS.samples)).optional(),
    temperature: oneOrMany(z.number().min(0).max(2)).optional(),
    iterations: z.number().int().min(1).max(REQUEST_BOUNDS.iterations).optional(),
    repetitions: z.number().int().min(1).max(REQUEST_BOUNDS.repetitions).optional(),
    seeds: z.array(z.number().int()).min(1).optional(),
    houdini_rounds: z.number().int().min(0).max(10).optional(),
    /** The size cap (tasks × settings × repetitions); above it the bench refuses to start. */
    max_attempts: z.number().int().min(1).optional(),
    verifier: z.record(z.string(), z.unknown()).optional(),
    queue: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export type GridFile = z.output<typeof gridFileSchema>;

export const GRID_EXAMPLES: Record<string, string> = {
  model: '[[model]]\nname = "gpt-4o"\ninput_per_million = 2.5\noutput_per_million = 10',
  feedback: `feedback = ["none", "generic", "auto"]  # any of ${FEEDBACK_LEVELS.join(', ')}`,
  samples: 'samples = 1',
  temperature: 'temperature = 0.2',
  iterations: 'iterations = 6',
  repetitions: 'repetitions = 3',
  seeds: 'seeds = [1, 2, 3]',
  houdini_rounds: 'houdini_rounds = 2',
  max_attempts: 'max_attempts = 200000',
  verifier: '[verifier]\nrunner = "local"',
  queue: '[queue]\nredis_url = "redis://127.0.0.1:6379"',
};
