import { acquireRunLock } from '../ledger/run-lock.js';
import { recordCheckedCandidate } from '../repair/candidates/record-checked-candidate.js';
import type { CrateFiles } from '../repair/setup/crate-snapshot.js';
import { buildSessionRequest } from './build-session-request.js';
import { checkSessionCandidate, digestSessionFiles } from './check-session-candidate.js';
import type { McpContext } from './mcp-context.js';
import type { McpSession, SessionCandidate, SessionTarget } from './mcp-session.js';

/**
 * Commits one checked candidate of the session to its ledger run, with repair's trailers and note
 * (recordCheckedCandidate), starting the run first when this is its first record. Records of one
 * session run one at a time. Idempotent: a candidate already recorded returns its commit.
 */
export function recordSessionCandidate(context: McpContext, session: McpSession, target: SessionTarget, candidate: SessionCandidate, summary: string, crateAbsolute: string, signal: AbortSignal): Promise<string> {
  return session.serializeRecord(() => recordNow(context, session, target, candidate, summary, crateAbsolute, signal));
}

async function recordNow(context: McpContext, session: McpSession, target: SessionTarget, candidate: SessionCandidate, summary: string, crateAbsolute: string, signal: AbortSignal): Promise<string> {
  if (candidate.commit !== null) return candidate.commit;
  const baseline = await ensureSessionRun(context, session, target, crateAbsolute, signal);
  if (candidate.commit !== null) return candidate.commit;
  candidate.commit = await recordCheckedCandidate(contextOf(context, session, target, baseline), candidate.checked, {
    summary, promptDigest: null, responseDigest: null, tokens: null, details: { agent: session.client, changedFiles: candidate.changedFiles },
  });
  return candidate.commit;
}

/**
 * The session's ledger run: branch `verus-repair/agent-<id>` from the baseline's commit, holding the
 * run's lock for the session's life, with the baseline recorded as iteration 0 (its note carries the
 * request, as repair's does). The baseline is verified before anything is created, so a call
 * cancelled there leaves no run; a failure between creating the run and recording its baseline
 * removes the empty run.
 */
async function ensureSessionRun(context: McpContext, session: McpSession, target: SessionTarget, crateAbsolute: string, signal: AbortSignal): Promise<CrateFiles> {
  const baseline = session.baseline;
  if (baseline === null) throw new Error('ensureSessionRun: the session has no baseline');
  if (session.run !== null) return baseline.files;
  const sourceSha256 = digestSessionFiles(target.crateDir, baseline.files);
  const verified = session.findCandidate(sourceSha256);
  const original = verified?.checked.iteration === 0 ? verified : {
    sourceSha256, changedFiles: [], commit: null,
    checked: await checkSessionCandidate(context, { target, crateAbsolute, baseline: baseline.files, files: baseline.files, iteration: 0 }, signal),
  };
  signal.throwIfAborted();
  session.lock ??= await acquireRunLock(context.ledger.repoDir, session.runId);
  const run = await context.ledger.startRun(session.runId, baseline.commit);
  try {
    original.commit = await recordCheckedCandidate(contextOf(context, session, target, baseline.files, run), original.checked, {
      summary: `baseline: ${original.checked.result}`, promptDigest: null, responseDigest: null, tokens: null,
      details: { request: buildSessionRequest(context, session, target), agent: session.client },
    });
  } catch (error) {
    await context.ledger.discardRunIfEmpty(session.runId).catch(() => false);
    throw error;
  }
  session.run = run;
  if (original !== verified) session.candidates.unshift(original);
  return baseline.files;
}

function contextOf(context: McpContext, session: McpSession, target: SessionTarget, originalFiles: CrateFiles, run = session.run): Parameters<typeof recordCheckedCandidate>[0] {
  if (run === null) throw new Error('recordSessionCandidate: the session run is not started');
  return { request: buildSessionRequest(context, session, target), ledger: context.ledger, run, originalFiles };
}
