import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../../core/errors.js';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import type { VerifierResult } from '../../core/verifier-result.js';
import { computeSourceSha256 } from '../../core/source-digest.js';
import { listVerificationInputs } from '../cache/list-verification-inputs.js';
import { parseVerifierOutput } from '../../diagnostics/parse-verifier-output.js';
import { classifyVerifierRun } from '../result/classify-verifier-run.js';
import type { ReportingVerifier, VerificationWithReport } from '../runners/reporting-verifier.js';
import type { VerifierRecordings } from './verifier-recordings.js';

/**
 * A verifier that answers from recordings instead of running Verus: it hashes the target's `src/`
 * files and replays the output recorded for exactly those sources, through the same parser and
 * classifier as the real runners. A source it has no recording for is a loud error, so a replay
 * never silently invents a verdict.
 */
export class RecordedVerifier implements ReportingVerifier {
  readonly runner = 'local' as const;
  /** How many times each recording was served (for tests and the demo's summary). */
  readonly served = new Map<string, number>();

  constructor(private readonly recordings: VerifierRecordings, private readonly recordingsFile: string) {}

  async describeToolchain(): Promise<string> {
    return `recorded:${this.recordingsFile}`;
  }

  async verify(target: VerificationTarget, _options?: VerificationOptions, _signal?: AbortSignal): Promise<VerifierResult> {
    return (await this.verifyWithReport(target)).result;
  }

  async verifyWithReport(target: VerificationTarget): Promise<VerificationWithReport> {
    const started = performance.now();
    const sha = await hashSources(target);
    const recording = this.recordings.recordings.find((entry) => entry.sourcesSha256 === sha);
    if (recording === undefined) {
      throw new InputError('recording-miss', `no recorded verifier output for sources ${sha.slice(0, 12)}; the replay cannot answer this candidate`, { file: this.recordingsFile, line: 1, column: 1 });
    }
    this.served.set(recording.label, (this.served.get(recording.label) ?? 0) + 1);
    const report = parseVerifierOutput({ stdout: recording.stdout, stderr: recording.stderr });
    const bytes = (text: string) => ({ text, totalBytes: Buffer.byteLength(text), omittedBytes: 0 });
    const result = classifyVerifierRun(
      { kind: 'exited', exitCode: recording.exitCode, signal: null, stdout: bytes(recording.stdout), stderr: bytes(recording.stderr), wallTimeMs: performance.now() - started },
      report,
      { command: ['recorded-verifier', recording.label], tool: 'cargo-verus', toolchain: { pinHash: null, imageDigest: null }, hints: { runner: 'local', imageTag: null },
        origin: { kind: 'recorded', source: this.recordingsFile, synthetic: this.recordings.provenance === 'synthetic' } },
    );
    return { result, report };
  }
}

/** sha256 over the target's `src/` files (crate-relative paths and bytes), as recordings are keyed. */
export async function hashSources(target: VerificationTarget): Promise<string> {
  const inputs = await listVerificationInputs(target);
  const files = [];
  for (const file of inputs.files.filter((name) => name.startsWith('src/'))) {
    files.push({ path: file, bytes: await readFile(path.join(inputs.root, ...file.split('/'))) });
  }
  return computeSourceSha256(files);
}
