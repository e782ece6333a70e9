import { z } from 'zod';

const TEXT = z.string().max(4000);
const VALUES = z.array(TEXT).max(64);
const PHASE = z.enum(['call', 'after']);

const LINE = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ensures-false'), clause: z.number().int().nonnegative(), inputs: VALUES, result: TEXT, after: VALUES }),
  z.object({ type: z.literal('panic'), inputs: VALUES, message: TEXT, location: TEXT }),
  // The input (by its place in the check's ordered list) that did not finish: the process ended there. phase: in its call, or after it (shrinking its finding, the witness search).
  z.object({ type: z.literal('timed-out'), index: z.number().int().nonnegative(), phase: PHASE, inputs: VALUES, timeoutMs: z.number() }),
  z.object({ type: z.literal('memory-exceeded'), index: z.number().int().nonnegative(), phase: PHASE, inputs: VALUES, memoryMb: z.number() }),
  z.object({ type: z.literal('weak-witness'), inputs: VALUES, result: TEXT, accepted: TEXT }),
  z.object({
    // This process's inputs: from start to next (where a process resumed after it starts), of total in the check's list.
    type: z.literal('summary'), start: z.number().int().nonnegative(), next: z.number().int().nonnegative(), total: z.number().int().nonnegative(), tried: z.number().int().nonnegative(), satisfying: z.number().int().nonnegative(), exhaustive: z.number().int().nonnegative(),
    requiresPanicked: z.number().int().nonnegative(), specPanics: z.array(z.object({ clause: z.number().int(), count: z.number().int() })).max(256),
  }),
]);

export type HarnessLine = z.infer<typeof LINE>;

/**
 * The harness's stdout, one JSON object per line. It comes from running the user's code, so it is
 * untrusted: lines that are not one of the known shapes are counted and dropped, never trusted.
 */
export function readHarnessOutput(stdout: string): { lines: HarnessLine[]; ignored: number } {
  const lines: HarnessLine[] = [];
  let ignored = 0;
  for (const text of stdout.split('\n')) {
    if (text.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ignored++;
      continue;
    }
    const parsed = LINE.safeParse(value);
    if (parsed.success) lines.push(parsed.data);
    else ignored++;
  }
  return { lines, ignored };
}
