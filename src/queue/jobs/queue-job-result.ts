import { z } from 'zod';
import type { VerifierResult } from '../../core/verifier-result.js';
import type { VerifierReport } from '../../diagnostics/verifier-report.js';
import { verdictOriginSchema } from '../../verifier/result/verdict-origin-schema.js';
import { MAX_RESULT_BYTES } from '../snapshot/snapshot-limits.js';

const diagnosticSchema = z.looseObject({ kind: z.string(), message: z.string(), severity: z.string(), secondary: z.array(z.unknown()), notes: z.array(z.string()) });
const functionSchema = z.looseObject({ function: z.string(), module: z.string().nullable(), success: z.boolean() });
const facts = {
  toolchain: z.object({ verusVersion: z.string().nullable(), pinHash: z.string().nullable(), imageDigest: z.string().nullable() }),
  command: z.array(z.string()),
  wallTimeMs: z.number(),
  origin: verdictOriginSchema,
};

const verifierResultSchema = z.discriminatedUnion('status', [
  z.looseObject({ ...facts, status: z.literal('verified'), functions: z.array(functionSchema), diagnostics: z.array(diagnosticSchema) }),
  z.looseObject({ ...facts, status: z.literal('failed'), functions: z.array(functionSchema), diagnostics: z.array(diagnosticSchema) }),
  z.looseObject({ ...facts, status: z.literal('timeout'), timeoutMs: z.number(), diagnostics: z.array(diagnosticSchema) }),
  z.looseObject({ ...facts, status: z.literal('crashed'), exitCode: z.number().nullable(), signal: z.string().nullable(), stderrTail: z.string() }),
  z.looseObject({ ...facts, status: z.literal('toolchain-error'), problem: z.string(), message: z.string() }),
]);

const reportSchema = z.looseObject({ diagnostics: z.array(diagnosticSchema), functions: z.array(functionSchema), unparsedLineCount: z.number() });

const jobResultSchema = z.object({
  key: z.string().regex(/^[0-9a-f]{64}$/),
  result: verifierResultSchema,
  report: reportSchema.nullable(),
  signature: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});

/**
 * What a worker returns for a job (and what the shared result store holds): the job key it answers
 * (the sha256 of the inputs, target, options and pin), the verdict and its report, and, when the
 * worker has VERUS_REPAIR_RESULT_SECRET, an HMAC over the three.
 */
export interface QueueJobResult {
  key: string;
  result: VerifierResult;
  report: VerifierReport | null;
  signature?: string;
}

/** A stored or returned verdict after its checks: the document and its raw JSON (what a signature covers). */
export interface ReadQueueJobResult {
  outcome: QueueJobResult;
  document: { result: unknown; report: unknown };
}

/** Checks a worker's answer before anyone uses it; null when it is malformed or too large. */
export function readQueueJobResult(value: unknown): ReadQueueJobResult | null {
  const document = typeof value === 'string' ? parseJson(value) : value;
  if (document === undefined || typeof document !== 'object' || document === null) return null;
  if (JSON.stringify(document).length > MAX_RESULT_BYTES) return null;
  const parsed = jobResultSchema.safeParse(document);
  if (!parsed.success) return null;
  const raw = document as { result: unknown; report: unknown };
  return { outcome: parsed.data as unknown as QueueJobResult, document: { result: raw.result, report: raw.report } };
}

function parseJson(text: string): unknown {
  if (text.length > MAX_RESULT_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
