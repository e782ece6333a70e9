import { z } from 'zod';
import { DIAGNOSTIC_KINDS } from '../../core/diagnostic-kind.js';
import type { PrecheckResult } from '../../core/verifier-precheck.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { verdictOriginSchema } from '../result/verdict-origin-schema.js';
import { CACHE_FORMAT } from './compute-cache-key.js';

const spanSchema = z.object({
  file: z.string(),
  line: z.number(),
  column: z.number(),
  lineEnd: z.number(),
  columnEnd: z.number(),
  byteStart: z.number().nullable(),
  byteEnd: z.number().nullable(),
  label: z.string().nullable(),
  sourceText: z.string().nullable(),
});

const diagnosticSchema = z.looseObject({
  kind: z.enum(DIAGNOSTIC_KINDS),
  message: z.string(),
  severity: z.enum(['error', 'warning', 'note', 'help']),
  code: z.string().nullable(),
  origin: z.enum(['verus', 'rustc', 'precheck']),
  primary: spanSchema.nullable(),
  secondary: z.array(spanSchema),
  notes: z.array(z.string()),
});

const functionSchema = z.looseObject({ function: z.string(), module: z.string().nullable(), success: z.boolean() });

const cachedResultSchema = z.looseObject({
  status: z.enum(['verified', 'failed']),
  toolchain: z.object({ verusVersion: z.string().nullable(), pinHash: z.string().nullable(), imageDigest: z.string().nullable() }),
  command: z.array(z.string()),
  wallTimeMs: z.number(),
  origin: verdictOriginSchema,
  functions: z.array(functionSchema),
  diagnostics: z.array(diagnosticSchema),
});

/**
 * What a cache file must look like; anything else is a corrupt entry (a miss, never a crash).
 * Entries of format 1 (no origin) are not read as "origin unknown": a label that says nothing would
 * stand in reports beside verdicts that name their binary, and one re-verification is cheap. The
 * format bump changes every key, so they simply miss.
 */
export const cacheEntrySchema = z.object({
  format: z.literal(CACHE_FORMAT),
  key: z.string().regex(/^[0-9a-f]{64}$/),
  storedAt: z.string(),
  result: cachedResultSchema,
  precheck: z.looseObject({ status: z.literal('passed') }).nullable(),
  report: z.string().nullable(),
});

/**
 * One stored verdict: the verifier result (only `verified` or `failed`: timeouts, crashes and
 * toolchain errors are never cached), the passed pre-check it followed (null when pre-checks were
 * off), and the normalized report (serializeNormalizedReport) when the runner provided one.
 */
export interface CacheEntry {
  format: typeof CACHE_FORMAT;
  key: string;
  storedAt: string;
  result: Extract<VerifierResult, { status: 'verified' | 'failed' }>;
  precheck: Extract<PrecheckResult, { status: 'passed' }> | null;
  report: string | null;
}
