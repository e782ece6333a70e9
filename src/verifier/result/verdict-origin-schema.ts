import { z } from 'zod';
import type { VerdictOrigin } from '../../core/verdict-origin.js';

/**
 * A stored or received VerdictOrigin (cache entries, queue results): read back exactly, so a
 * verdict never loses or gains a claim about who produced it on its way through a store.
 */
export const verdictOriginSchema: z.ZodType<VerdictOrigin> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({ kind: z.literal('local'), tool: z.enum(['cargo-verus', 'verus']), program: z.string(), verusVersion: z.string().nullable() }),
    z.object({ kind: z.literal('docker'), image: z.string(), digest: z.string().nullable(), verusVersion: z.string().nullable() }),
    z.object({ kind: z.literal('queue'), queue: z.string(), worker: z.string().nullable(), ran: verdictOriginSchema.nullable() }),
    z.object({ kind: z.literal('recorded'), source: z.string(), synthetic: z.boolean() }),
    z.object({ kind: z.literal('cache'), of: verdictOriginSchema }),
  ]),
);
