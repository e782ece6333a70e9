import { z } from 'zod';
import { describeModelOrigin } from '../core/model-origin.js';
import { describeVerdictOrigin } from '../core/verdict-origin.js';
import { PROOF_RESULTS } from '../ledger/proof-trailers.js';
import type { McpTool } from './mcp-tool.js';

const output = {
  runId: z.string(),
  branch: z.string().nullable().describe('null until the first record'),
  modelOrigin: z.string(),
  candidates: z.array(z.object({
    iteration: z.number().int(),
    result: z.enum(PROOF_RESULTS),
    sourceSha256: z.string(),
    changedFiles: z.array(z.string()),
    verifier: z.string().nullable(),
    errors: z.number().int(),
    commit: z.string().nullable(),
  })),
};

/** `verus_history`: the session's checked candidates, in order, with their results and commits. */
export const historyTool: McpTool<Record<string, never>, typeof output> = {
  name: 'verus_history',
  title: "The session's checked candidates",
  description: 'Every candidate this session checked (the baseline is iteration 0), with its result, source hash, changed files and ledger commit once recorded.',
  input: {},
  output,
  readOnly: true,
  async run(_args, call) {
    const { session } = call;
    const client = session.client ?? { name: 'unknown-client', version: 'unknown' };
    const candidates = session.candidates.map((candidate) => {
      const origin = candidate.checked.verification?.verification?.origin;
      return {
        iteration: candidate.checked.iteration,
        result: candidate.checked.result,
        sourceSha256: candidate.sourceSha256,
        changedFiles: candidate.changedFiles,
        verifier: origin === undefined ? null : describeVerdictOrigin(origin),
        errors: candidate.checked.diagnostics.filter((diagnostic) => diagnostic.severity === 'error').length,
        commit: candidate.commit,
      };
    });
    const structured = { runId: session.runId, branch: session.run?.branch ?? null, modelOrigin: describeModelOrigin({ kind: 'agent', client: client.name, version: client.version }), candidates };
    const recorded = candidates.filter((candidate) => candidate.commit !== null).length;
    return { structured, summary: `${candidates.length} candidate(s) checked, ${recorded} recorded; ${candidates.map((candidate) => `#${candidate.iteration} ${candidate.result}`).join(', ') || 'none yet'}` };
  },
};
