import type { RunReport } from './run-report.js';

const RECORDINGS = 'demo/verifier-recordings.json';
const CASSETTE = 'demo/cassette.jsonl';

/** A small synthetic run report for rendering tests and the report preview (not a real run). */
export function buildSampleRunReport(): RunReport {
  const diff = '--- a/src/lib.rs\n+++ b/src/lib.rs\n@@ -10,3 +10,4 @@\n     invariant\n+        0 <= lo <= hi <= v.len(),\n         forall|i: int| 0 <= i < lo ==> v[i] < k,\n';
  return {
    runId: '20261130T101500Z-abc123', crate: 'rust-fixtures/binary_search', targetFunctions: ['binary_search'],
    model: 'replay-model', feedbackLevel: 'auto',
    modelOrigin: { origin: { kind: 'cassette', file: CASSETTE }, description: `replayed from ${CASSETTE}` },
    verifierOrigins: [{ origin: { kind: 'recorded', source: RECORDINGS, synthetic: true }, description: `recorded outputs (synthetic) from ${RECORDINGS}` }],
    outcome: 'verified', stopReason: 'a candidate verified', ledgerBranch: 'verus-repair/20261130T101500Z-abc123',
    iterations: [
      {
        iteration: 1, promptTokens: 1200, completionTokens: 300, wallTimeMs: 4200, feedback: 'The proposed code DID NOT verify.',
        instructorAdvice: 'Add the bound 0 <= lo <= hi <= v.len() to the loop invariant. <script>alert(1)</script>',
        candidates: [
          { iteration: 1, sample: 0, origin: 'model', result: 'failed', commit: 'a1b2c3d4e5f6', diff, wallTimeMs: 3000, guardViolations: [],
            errors: [{ kind: 'invariant-end-of-loop-body', message: 'invariant not satisfied at end of loop body', file: 'src/lib.rs', line: 12 }] },
          { iteration: 1, sample: 1, origin: 'model', result: 'guard-rejected', commit: 'b2c3d4e5f6a1', diff: '+    assume(false);\n', wallTimeMs: 20, errors: [],
            guardViolations: [{ rule: 'cheat-construct-added', file: 'src/lib.rs', function: 'binary_search', line: 14, message: 'assume(..) added in binary_search' }] },
        ],
      },
      {
        iteration: 2, promptTokens: 1500, completionTokens: 280, wallTimeMs: 3900, feedback: null, instructorAdvice: null,
        candidates: [{ iteration: 2, sample: 0, origin: 'model', result: 'verified', commit: 'c3d4e5f6a1b2', diff, wallTimeMs: 3500, errors: [], guardViolations: [] }],
      },
    ],
    totals: { promptTokens: 2700, completionTokens: 580, costUsd: null, wallTimeMs: 8100 },
  };
}
