import type { LedgerCommit } from './git-proof-ledger.js';
import type { LedgerNote } from './ledger-note.js';
import { canonicalJson, computeSourceSha256, sha256Hex, type CheckedFile } from '../core/source-digest.js';

/** One mismatch found by the audit. Any finding makes `verus-repair audit` exit non-zero. */
export interface AuditFinding {
  commit: string;
  rule: 'missing-note' | 'note-edited' | 'note-unreadable' | 'source-hash-mismatch' | 'trailer-mismatch' | 'stale-verdict' | 'missing-commits' | 'reverify-mismatch' | 'verifier-unavailable' | 'stability-mismatch';
  message: string;
}

export type ReadFileAt = (sha: string, path: string) => Promise<Uint8Array | null>;

/**
 * Checks a run's history: every `Source-SHA256` recomputed from the commit's tree, every note
 * against its commit's `Note-SHA256`, note fields against trailers, and that each `verified`
 * commit is the last verdict recorded for its source hash.
 */
export async function auditRunHistory(commits: readonly LedgerCommit[], readFileAt: ReadFileAt, runId: string | null = null): Promise<AuditFinding[]> {
  const findings: AuditFinding[] = [];
  const lastVerdictByHash = new Map<string, string>();
  for (const commit of commits) {
    const finding = (rule: AuditFinding['rule'], message: string): void => {
      findings.push({ commit: commit.sha, rule, message });
    };
    const sourceSha = commit.trailers.get('Source-SHA256') ?? '';
    lastVerdictByHash.set(sourceSha, commit.trailers.get('Proof-Result') ?? '');
    if (runId !== null && commit.trailers.get('Run-Id') !== runId) {
      finding('trailer-mismatch', `the commit does not carry Run-Id: ${runId} (was it amended or added by hand?)`);
    }
    if (commit.noteText === null) {
      finding('missing-note', 'the commit has no ledger note (was it amended or rewritten?)');
      continue;
    }
    const note = parseNote(commit.noteText);
    if (note === null) {
      finding('note-unreadable', 'the ledger note is not a valid ledger-note@1 document');
      continue;
    }
    if (sha256Hex(canonicalJson(note)) !== commit.trailers.get('Note-SHA256')) {
      finding('note-edited', 'the note does not match the Note-SHA256 trailer');
    }
    if (note.sourceSha256 !== sourceSha) finding('trailer-mismatch', 'Source-SHA256 trailer differs from the note');
    if (note.proofResult !== commit.trailers.get('Proof-Result')) finding('trailer-mismatch', 'Proof-Result trailer differs from the note');
    const rlimitUsed = commit.trailers.get('Rlimit-Used');
    if (rlimitUsed !== undefined && rlimitUsed !== describeNoteRlimitUse(note.report)) finding('trailer-mismatch', 'Rlimit-Used trailer differs from the functions in the note');
    const stability = commit.trailers.get('Stability');
    if (stability !== describeNoteStability(note.report)) finding('trailer-mismatch', 'Stability trailer differs from the seed runs in the note');
    const files: CheckedFile[] = [];
    for (const path of note.files) {
      const bytes = await readFileAt(commit.sha, path);
      if (bytes === null) finding('source-hash-mismatch', `checked file ${path} is missing from the commit`);
      else files.push({ path, bytes });
    }
    if (files.length === note.files.length && computeSourceSha256(files) !== sourceSha) {
      finding('source-hash-mismatch', 'the files in the commit do not hash to Source-SHA256');
    }
  }
  for (const commit of commits) {
    const sourceSha = commit.trailers.get('Source-SHA256') ?? '';
    if (commit.trailers.get('Proof-Result') === 'verified' && lastVerdictByHash.get(sourceSha) !== 'verified') {
      findings.push({ commit: commit.sha, rule: 'stale-verdict', message: `a later commit recorded "${lastVerdictByHash.get(sourceSha)}" for the same source` });
    }
  }
  return findings;
}

function parseNote(text: string): LedgerNote | null {
  try {
    const value = JSON.parse(text) as Partial<LedgerNote>;
    if (value.schema !== 'verus-repair/ledger-note@1' || !Array.isArray(value.files) || typeof value.sourceSha256 !== 'string') return null;
    return value as LedgerNote;
  } catch {
    return null;
  }
}

/** The `Rlimit-Used` value the note's `report.functions` imply: their rlimit counts summed, `none` when they have none. */
function describeNoteRlimitUse(report: unknown): string {
  const functions = typeof report === 'object' && report !== null && Array.isArray((report as { functions?: unknown }).functions) ? (report as { functions: unknown[] }).functions : [];
  const counts = functions.flatMap((entry) => {
    const rlimit = typeof entry === 'object' && entry !== null ? (entry as { rlimit?: unknown }).rlimit : undefined;
    return typeof rlimit === 'number' ? [rlimit] : [];
  });
  return counts.length === 0 ? 'none' : String(counts.reduce((total, count) => total + count, 0));
}

/** The `Stability` value the note's `report.stability` implies (`k/N`), undefined when it has none. */
function describeNoteStability(report: unknown): string | undefined {
  const stability = typeof report === 'object' && report !== null ? (report as { stability?: { runs?: unknown; seeds?: unknown } }).stability : undefined;
  if (stability === undefined || !Array.isArray(stability.runs) || !Array.isArray(stability.seeds)) return undefined;
  const passed = stability.runs.filter((run) => typeof run === 'object' && run !== null && (run as { status?: unknown }).status === 'verified').length;
  return `${passed}/${stability.seeds.length}`;
}
