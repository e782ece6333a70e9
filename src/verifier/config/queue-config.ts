import { z } from 'zod';
import { describeSchemaIssue } from '../../config/describe-schema-issue.js';

/** A queue name (`[queue] name`, `--queue`): it becomes part of Redis keys. */
export const QUEUE_NAME_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The `[queue]` table of verus-repair.toml: where the queue runner and `verus-repair worker` meet. */
export const queueSectionSchema = z
  .object({
    /** `redis://host:port/db`; a password belongs in VERUS_REPAIR_REDIS_URL, never in the file. */
    url: z
      .string()
      .regex(/^rediss?:\/\/[^\s]+$/, 'expected a redis:// or rediss:// URL')
      .refine((url) => !/^rediss?:\/\/[^/@]*:[^/@]*@/.test(url), 'expected a URL without a password (set VERUS_REPAIR_REDIS_URL instead)')
      .optional(),
    name: z.string().regex(QUEUE_NAME_PATTERN, 'expected 1-64 letters, digits, _ or -').default('verus-repair'),
    /** Seconds a submitter waits for a job's result (queue wait plus verification). */
    job_timeout: z.number().int().positive().default(3600),
    attempts: z.number().int().min(1).max(20).default(3),
    /** Seconds a worker's job lock lasts without renewal: a killed worker's job is handed on after about this long. */
    lock_duration: z.number().positive().max(3600).default(30),
    /** Seconds Redis may stay unreachable (at start or while waiting) before a command fails naming it. */
    connect_timeout: z.number().positive().max(3600).default(10),
  })
  .strict();

export type QueueSection = z.output<typeof queueSectionSchema>;

/** The validated `[queue]` settings. The URL from the environment is applied where a client is made. */
export interface QueueSettings {
  /** From the file (no password); VERUS_REPAIR_REDIS_URL or `--redis` take precedence. */
  url: string | null;
  name: string;
  jobTimeoutMs: number;
  attempts: number;
  lockDurationMs: number;
  connectTimeoutMs: number;
}

export const QUEUE_EXAMPLES: Record<string, string> = {
  queue: '[queue]\nurl = "redis://10.0.0.5:6379"',
  'queue.url': 'url = "redis://10.0.0.5:6379" (put a password only in VERUS_REPAIR_REDIS_URL="redis://:secret@10.0.0.5:6379")',
  'queue.name': 'name = "verus-repair"',
  'queue.job_timeout': 'job_timeout = 3600',
  'queue.attempts': 'attempts = 3',
  'queue.lock_duration': 'lock_duration = 30',
  'queue.connect_timeout': 'connect_timeout = 10',
};

export function normalizeQueueSection(section: QueueSection): QueueSettings {
  return {
    url: section.url ?? null,
    name: section.name,
    jobTimeoutMs: section.job_timeout * 1000,
    attempts: section.attempts,
    lockDurationMs: Math.round(section.lock_duration * 1000),
    connectTimeoutMs: Math.round(section.connect_timeout * 1000),
  };
}

/** Messages for `[queue]` issues; a bad `url` is described without its value, which may hold a password. */
export function describeQueueIssues(issues: readonly z.core.$ZodIssue[], file: string): string[] {
  const example = (key: string) => QUEUE_EXAMPLES[key] ?? QUEUE_EXAMPLES['queue'] ?? '';
  return issues.map((issue) =>
    issue.path[0] === 'url' && issue.code !== 'unrecognized_keys'
      ? `${file}: queue.url: ${issue.code === 'invalid_type' ? 'expected a string' : issue.message} (the value is not shown: it may hold a password). Example: ${example('queue.url')}`
      : `${file}: ${describeSchemaIssue(issue, ['queue'], example)}`,
  );
}
