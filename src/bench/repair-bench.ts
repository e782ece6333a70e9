import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { simpleGit } from 'simple-git';
import { DEFAULT_GUARD_POLICY } from '../core/guard-verdict.js';
import { guardCandidate } from '../guard/guard-candidate.js';
import { GitProofLedger } from '../ledger/git-proof-ledger.js';
import { computeSourceSha256 } from '../core/source-digest.js';
import type { BenchReport } from './bench-report.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ROUNDS = 15;

/**
 * Per-candidate overhead of the repair loop outside the model and the verifier process: the guard
 * (two IR parses, views, rules), hashing, the ledger commit and its note, on the 342-line ledger
 * fixture; reported as a ratio to the fake cargo-verus's own run time, measured in the same run.
 */
export async function runRepairBenchmark(): Promise<BenchReport> {
  const original = await readFile(join(ROOT, 'rust-fixtures/ledger/broken/sum-update-without-induction.rs'));
  const candidate = await readFile(join(ROOT, 'rust-fixtures/ledger/src/lib.rs'));
  const repo = await mkdtemp(join(tmpdir(), 'repair-bench-'));
  try {
    const git = simpleGit(repo);
    await git.init(['-q', '-b', 'main']);
    await git.addConfig('user.name', 'bench').addConfig('user.email', 'bench@example.invalid').addConfig('commit.gpgsign', 'false');
    await writeFile(join(repo, 'lib.rs'), original);
    await git.add('lib.rs');
    await git.commit('base');
    const ledger = await GitProofLedger.open(repo);
    const run = await ledger.startRun('bench', (await git.revparse(['HEAD'])).trim());
    const originalFiles = new Map([['src/lib.rs', new Uint8Array(original)]]);
    const timings = { guard: [] as number[], hash: [] as number[], ledger: [] as number[], fakeVerifier: [] as number[] };
    await guardCandidate({ original: originalFiles, candidate: originalFiles, editableFiles: ['src/lib.rs'], policy: DEFAULT_GUARD_POLICY });
    for (let round = 0; round < ROUNDS; round++) {
      const text = `${candidate.toString('utf8')}\n// round ${round}\n`;
      const candidateFiles = new Map([['src/lib.rs', new TextEncoder().encode(text)]]);
      timings.guard.push(await time(() => guardCandidate({ original: originalFiles, candidate: candidateFiles, editableFiles: ['src/lib.rs'], policy: DEFAULT_GUARD_POLICY })));
      timings.hash.push(await time(async () => computeSourceSha256([{ path: 'src/lib.rs', bytes: candidateFiles.get('src/lib.rs') ?? new Uint8Array() }])));
      timings.ledger.push(await time(() => ledger.recordCandidate(run, {
        files: [{ path: 'lib.rs', bytes: new TextEncoder().encode(text) }], summary: `bench ${round}`,
        trailers: { proofResult: 'failed', errorCounts: { postcondition: 1 }, verusVersion: null, toolchain: null, verifierArgs: [], model: null, feedbackLevel: null, iteration: round, sample: 0, guard: 'accept' },
        note: { report: { diagnostics: [] }, promptDigest: null, responseDigest: null, cassetteLines: null, tokens: null, wallTimeMs: null },
      })));
      timings.fakeVerifier.push(await time(() => promisify(execFile)(join(ROOT, 'test/fakes/bin/cargo-verus'), ['verus', 'verify'], {
        env: { ...process.env, VERUS_REPAIR_FAKE_SCENARIO: join(ROOT, 'test/fixtures/verus/run-local-crate-verified') },
      }).catch(() => undefined)));
    }
    const guard = median(timings.guard);
    const hash = median(timings.hash);
    const commit = median(timings.ledger);
    const overhead = guard + hash + commit;
    const fake = median(timings.fakeVerifier);
    return {
      name: 'repair loop: per-candidate overhead (342-line fixture, median of 15)',
      lines: [
        `guard (candidate parse + views + rules; the original's fingerprint is cached): ${guard.toFixed(1)} ms`,
        `source hash: ${hash.toFixed(2)} ms`,
        `ledger commit + note: ${commit.toFixed(1)} ms`,
        `total overhead: ${overhead.toFixed(1)} ms per candidate (target < 100 ms)`,
        `fake cargo-verus run: ${fake.toFixed(1)} ms; overhead / fake verifier = ${(overhead / fake).toFixed(2)}`,
      ],
      metrics: { guardMs: guard, hashMs: hash, ledgerMs: commit, overheadMs: overhead, fakeVerifierMs: fake, overheadRatio: overhead / fake },
    };
  } finally {
    await rm(repo, { recursive: true, force: true });
  }
}

async function time(action: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await action();
  return performance.now() - started;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
