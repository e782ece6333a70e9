import path from 'node:path';
import { z } from 'zod';
import { describeVerdictOrigin } from '../core/verdict-origin.js';
import { PROOF_RESULTS } from '../ledger/proof-trailers.js';
import { describePrecheck } from '../verifier/render/describe-precheck.js';
import { checkSessionCandidate, digestSessionFiles } from './check-session-candidate.js';
import { describeDiagnostics, diagnosticSchema } from './describe-diagnostics.js';
import { guardViolationSchema } from './guard-tool.js';
import type { McpTool } from './mcp-tool.js';
import type { SessionCandidate } from './mcp-session.js';
import { confineRepoPath } from './confine-repo-path.js';
import { openSessionCrate, readSessionFiles } from './open-session-crate.js';
import { recordSessionCandidate } from './record-session-candidate.js';
import { listChangedFiles, selectTargetFile } from './select-target-file.js';

const input = {
  crate: z.string().min(1).optional().describe('crate directory, relative to the repository root (default: the crate holding "file", else the session\'s, else the root)'),
  file: z.string().min(1).optional().describe('the file the session edits, relative to the repository root (default: the one changed file, else src/lib.rs)'),
  functions: z.array(z.string().min(1)).max(64).optional().describe('verify only these functions first (name or module::path::name); the whole crate confirms when they verify'),
  seeds: z.number().int().min(1).max(64).optional().describe('re-verify a verified scope under this many solver seeds (stability check)'),
};

const output = {
  verdict: z.enum(PROOF_RESULTS),
  origin: z.string().nullable().describe('where the verdict came from (the verifier that ran, or the cache)'),
  iteration: z.number().int(),
  sourceSha256: z.string(),
  changedFiles: z.array(z.string()),
  guard: z.object({ verdict: z.enum(['accept', 'reject']), violations: z.array(guardViolationSchema) }),
  precheck: z.string().nullable(),
  scope: z.object({ kind: z.enum(['focused', 'crate']), functions: z.array(z.string()), confirmedOnCrate: z.boolean(), reason: z.string().nullable() }).nullable(),
  functions: z.array(z.object({ function: z.string(), success: z.boolean(), timeMs: z.number().nullable(), rlimit: z.number().nullable() })),
  diagnostics: z.array(diagnosticSchema),
  stability: z.object({ passed: z.number().int(), seeds: z.number().int() }).nullable(),
  recordedCommit: z.string().nullable().describe('a guard-rejected candidate is recorded at once, as repair records it'),
};

/** `verus_verify`: the guard against the baseline, the sandboxed pre-check, then Verus. */
export const verifyTool: McpTool<typeof input, typeof output> = {
  name: 'verus_verify',
  title: 'Verify the crate with Verus',
  description: 'Guard the files as they stand against the session baseline, run the sandboxed erased cargo pre-check, then Verus (focused on the named functions, confirmed on the whole crate). Returns the verdict with its origin, per-function results and each diagnostic with its kind, function, file, line, excerpt and tactic card ids.',
  input,
  output,
  readOnly: false,
  async run(args, call) {
    const file = args.file === undefined ? undefined : (await confineRepoPath(call.context.repoRoot, args.file, 'file')).relative;
    const crate = await openSessionCrate(call.context, call.session, { crate: args.crate, file });
    const files = await readSessionFiles(call.context, crate);
    const target = selectTargetFile(call.session, crate, files, file);
    const sourceSha256 = digestSessionFiles(crate.crateDir, files);
    const changedFiles = listChangedFiles(crate.baseline.files, files).map((entry) => path.posix.join(crate.crateDir, entry));
    const iteration = changedFiles.length === 0 ? 0 : call.session.nextIteration();
    const checked = await checkSessionCandidate(call.context, {
      target, crateAbsolute: crate.absolute, baseline: crate.baseline.files, files, iteration, functions: args.functions, seeds: args.seeds,
      onStage: (stage) => call.progress(stage === 'guard' ? 'guarding the files against the baseline' : stage === 'precheck' ? 'erased cargo build and test (sandboxed)' : 'running Verus'),
    }, call.signal);
    const candidate: SessionCandidate = { sourceSha256, checked, changedFiles, commit: null };
    call.session.candidates.push(candidate);
    const recordedCommit = checked.result === 'guard-rejected' ? await recordSessionCandidate(call.context, call.session, target, candidate, `agent candidate ${iteration}: guard-rejected`, crate.absolute, call.signal) : null;
    const verification = checked.verification;
    const result = verification?.verification ?? null;
    const functions = result?.status === 'verified' || result?.status === 'failed' ? result.functions : [];
    const scope = verification?.scope;
    const diagnostics = describeDiagnostics(checked.diagnostics, call.context.catalog, crate.crateDir, files);
    const structured = {
      verdict: checked.result,
      origin: result === null ? null : describeVerdictOrigin(result.origin),
      iteration,
      sourceSha256,
      changedFiles,
      guard: { verdict: checked.guard.verdict, violations: checked.guard.verdict === 'reject' ? checked.guard.violations : [] },
      precheck: verification === null ? null : describePrecheck(verification.precheck),
      scope: scope === undefined ? null : { kind: scope.kind, functions: scope.functions, confirmedOnCrate: scope.kind === 'crate' || scope.confirmation !== null, reason: scope.kind === 'crate' ? scope.reason : null },
      functions: functions.map((entry) => ({ function: entry.function, success: entry.success, timeMs: entry.timeMs ?? null, rlimit: entry.rlimit ?? null })),
      diagnostics,
      stability: verification?.stability === undefined ? null : { passed: verification.stability.runs.filter((run) => run.status === 'verified').length, seeds: verification.stability.seeds.length },
      recordedCommit,
    };
    const errors = diagnostics.filter((entry) => entry.severity === 'error');
    const first = errors[0];
    const summary = checked.result === 'guard-rejected'
      ? `guard-rejected (recorded ${recordedCommit?.slice(0, 10) ?? ''}): ${structured.guard.violations.map((violation) => violation.message).join('; ')}`
      : `${checked.result}${structured.origin === null ? '' : ` (${structured.origin})`}; ${errors.length} error(s)${first === undefined ? '' : `, first: ${first.kind} in ${first.function ?? '?'} at ${first.file ?? '?'}:${first.line ?? '?'}${first.tacticCards.length === 0 ? '' : ` (tactic ${first.tacticCards.join(', ')})`}`}`;
    return { structured, summary };
  },
};
