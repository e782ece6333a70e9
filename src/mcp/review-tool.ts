import { z } from 'zod';
import { runReview } from '../review/run-review.js';
import type { ReviewEvent } from '../review/review-event.js';
import type { McpTool } from './mcp-tool.js';
import { McpToolError } from './mcp-tool-error.js';
import { openSessionCrate } from './open-session-crate.js';

const input = {
  crate: z.string().min(1).optional().describe('crate directory, relative to the repository root (default: the session\'s, else the root)'),
  functions: z.array(z.string().min(1)).max(64).optional().describe('review only these functions'),
  max_mutants: z.number().int().min(1).max(10_000).optional().describe('sample at most this many mutants'),
};

const output = {
  reviewId: z.string(),
  findings: z.number().int(),
  mutants: z.record(z.string(), z.number().int()).describe('mutants by verdict'),
  survivors: z.array(z.object({ id: z.string(), function: z.string(), line: z.number().int(), original: z.string(), replacement: z.string() })),
  vacuous: z.array(z.object({ kind: z.string(), function: z.string(), line: z.number().int(), detail: z.string().nullable() })),
  functions: z.array(z.object({ function: z.string(), mutants: z.number().int(), mutationScore: z.number().nullable() })),
};

/** `verus_review`: a specification review (mutants of the exec code, vacuity probes), its summary and findings. Not recorded in git: `verus-repair review` does that. */
export const reviewTool: McpTool<typeof input, typeof output> = {
  name: 'verus_review',
  title: 'Review how much the specification pins down',
  description: 'Mutate the exec code, filter mutants with the sandboxed erased cargo build and tests, verify survivors with Verus, and probe for vacuity: a surviving mutant means the spec accepts wrong code. Returns the summary and findings.',
  input,
  output,
  readOnly: true,
  async run(args, call) {
    const crate = await openSessionCrate(call.context, call.session, { crate: args.crate });
    const outcome = await runReview({
      crateDir: crate.absolute, vacuity: true, cache: true, environment: call.context.environment, signal: call.signal,
      onEvent: (event) => call.progress(describeEvent(event)),
      ...(args.functions === undefined ? {} : { functions: args.functions }), ...(args.max_mutants === undefined ? {} : { maxMutants: args.max_mutants }),
    });
    if (outcome.kind === 'original-not-checked') throw new McpToolError(`the review needs the original to build, pass its tests and verify first (${outcome.stage}): ${outcome.message}`);
    call.signal.throwIfAborted();
    const { review } = outcome;
    const mutants: Record<string, number> = {};
    for (const entry of review.mutants) mutants[entry.verdict.status] = (mutants[entry.verdict.status] ?? 0) + 1;
    const structured = {
      reviewId: review.id,
      findings: review.findings,
      mutants,
      survivors: review.mutants.filter((entry) => entry.verdict.status === 'survived').map(({ mutant }) => ({ id: mutant.id, function: mutant.function, line: mutant.line, original: mutant.original, replacement: mutant.replacement })),
      vacuous: review.vacuity.filter((result) => result.verdict === 'vacuous').map((result) => ({ kind: result.probe.kind, function: result.probe.function, line: result.probe.line, detail: result.detail })),
      functions: review.functions.map((entry) => ({ function: entry.function, mutants: entry.mutants, mutationScore: entry.mutationScore })),
    };
    return { structured, summary: `${review.findings} finding(s): ${review.mutants.length} mutant(s) (${Object.entries(mutants).map(([status, count]) => `${count} ${status}`).join(', ') || 'none'}), ${structured.vacuous.length} vacuous probe(s)` };
  },
};

function describeEvent(event: ReviewEvent): string {
  switch (event.type) {
    case 'review-started': return `review started: ${event.mutants} mutant(s), ${event.probes} probe(s)`;
    case 'mutant-settled':
    case 'probe-settled':
    case 'mutant-reproved':
      return `settled ${event.settled} of ${event.total}`;
    case 'review-finished': return `review finished: ${event.findings} finding(s)`;
    default: return event.type;
  }
}
