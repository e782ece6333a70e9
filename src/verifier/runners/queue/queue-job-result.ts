import { z } from 'zod';
import type { VerifierResult } from '../../../core/verifier-result.js';
import type { VerifierReport } from '../../diagnostics/verifier-report.js';
import { verdictOriginSchema } from '../../result/verdict-origin-schema.js';
import { MAX_RESULT_BYTES } from './snapshot-limits.js';

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

const jobResultSchema = z.object({ result: verifierResultSchema, report: reportSchema.nullable() });

/** What a worker returns for a job (and what the shared result cache holds): the verdict and its report. */
export interface QueueJobResult {
  result: VerifierResult;
  report: VerifierReport | null;
}

/** Checks a worker's answer before anyone uses it; null when it is malformed or too large. */
export function readQueueJobResult(value: unknown): QueueJobResult | null {
  const document = typeof value === 'string' ? parseJson(value) : value;
  if (document === undefined) return null;
  if (JSON.stringify(document).length > MAX_RESULT_BYTES) return null;
  const parsed = jobResultSchema.safeParse(document);
  return parsed.success ? (parsed.data as unknown as QueueJobResult) : null;
}

function parseJson(text: string): unknown {
  if (text.length > MAX_RESULT_BYTES) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
