import { z } from 'zod';
import { PROOF_RESULTS } from '../ledger/proof-trailers.js';
import { digestSessionFiles, guardSessionFiles } from './check-session-candidate.js';
import type { McpTool } from './mcp-tool.js';
import { McpToolError } from './mcp-tool-error.js';
import { openSessionCrate, readSessionFiles } from './open-session-crate.js';
import { recordSessionCandidate } from './record-session-candidate.js';

const input = { message: z.string().min(1).max(500).optional().describe('the commit summary (one line); default: "agent candidate N: <result>"') };

const output = {
  commit: z.string(),
  branch: z.string(),
  runId: z.string(),
  proofResult: z.enum(PROOF_RESULTS),
  iteration: z.number().int(),
  sourceSha256: z.string(),
  alreadyRecorded: z.boolean(),
};

/**
 * `verus_record`: commits the target files as they stand to the session's ledger run, with the result
 * of the last verify of exactly that content. Refused when that content was not verified as it
 * stands, or when the guard rejects it.
 */
export const recordTool: McpTool<typeof input, typeof output> = {
  name: 'verus_record',
  title: 'Record the candidate in the proof ledger',
  description: 'Commit the files as they now stand to the ledger branch verus-repair/agent-<id>, as a checked candidate with its source hash and the result of the last verus_verify of exactly that content (the trailers and note repair writes: log, audit and apply work on it). Refused when the content was not verified as it stands, or when the guard rejects it.',
  input,
  output,
  readOnly: false,
  async run(args, call) {
    const target = call.session.target;
    if (target === null) throw new McpToolError('nothing to record yet: call verus_verify on the files first');
    const crate = await openSessionCrate(call.context, call.session, { crate: target.crateDir === '' ? '.' : target.crateDir });
    const files = await readSessionFiles(call.context, crate);
    const sourceSha256 = digestSessionFiles(crate.crateDir, files);
    const guard = await guardSessionFiles(crate.baseline.files, files, target.file);
    if (guard.verdict === 'reject') throw new McpToolError(`refused: the guard rejects the files as they stand (${guard.violations.map((violation) => `${violation.rule}: ${violation.message}`).join('; ')}); nothing was recorded`);
    const candidate = call.session.findCandidate(sourceSha256);
    if (candidate === undefined) throw new McpToolError(`refused: the files as they stand (source ${sourceSha256.slice(0, 12)}) were not verified in this session (they changed since the last verus_verify); call verus_verify, then verus_record`);
    const alreadyRecorded = candidate.commit !== null;
    const summary = (args.message ?? `agent candidate ${candidate.checked.iteration}: ${candidate.checked.result}`).replace(/\s+/g, ' ').trim();
    const commit = await recordSessionCandidate(call.context, call.session, target, candidate, call.context.redact(summary), crate.absolute, call.signal);
    const structured = { commit, branch: call.session.run?.branch ?? '', runId: call.session.runId, proofResult: candidate.checked.result, iteration: candidate.checked.iteration, sourceSha256, alreadyRecorded };
    return { structured, summary: `${alreadyRecorded ? 'already recorded' : 'recorded'} ${candidate.checked.result} as ${commit.slice(0, 10)} on ${structured.branch}; check it with: verus-repair audit ${call.session.runId}` };
  },
};
