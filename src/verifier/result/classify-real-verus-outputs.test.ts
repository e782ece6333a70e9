import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARED_CORPUS_DIRECTORY as CORPUS, SHARED_CORPUS_PRESENT, sharedCorpusTitle } from '../../../test/fakes/shared-corpus.js';
import { parseVerifierOutput } from '../../diagnostics/parse-verifier-output.js';
import { classifyVerifierRun, type RunContext } from './classify-verifier-run.js';

const context: RunContext = {
  command: ['verus', 'lib.rs'],
  tool: 'verus',
  toolchain: { pinHash: null, imageDigest: null },
  hints: { runner: 'local', imageTag: null },
  viaCargo: false,
  origin: { kind: 'local', tool: 'verus', program: '/opt/verus/verus', verusVersion: null },
};

/**
 * Files whose run is no verdict although Verus exited 1 with them: a panic (PROVENANCE's
 * internal-error/panic label), and 100, whose only diagnostic is a `recommendation not met` note
 * (a note fails nothing, so that exit 1 came from something the excerpt does not show).
 */
const NO_VERDICT: Record<string, string> = { '052': 'verus-panicked', '096': 'verus-panicked', '112': 'verus-panicked', '100': 'exit-without-result' };

const rows = SHARED_CORPUS_PRESENT
  ? readFileSync(`${CORPUS}PROVENANCE.tsv`, 'utf8').split('\n').slice(1).filter((line) => line !== '').map((line) => line.split('\t'))
  : [];

describe.skipIf(!SHARED_CORPUS_PRESENT)(sharedCorpusTitle('classifyVerifierRun over the 74 real Verus outputs (exit 1, no results document)'), () => {
  it('covers every file', () => {
    expect(rows).toHaveLength(74);
  });

  // Every one is a proof or compile failure as before, none lost to "no verdict" by the stricter rule.
  it.each(rows.map((cells) => ({ id: cells[0] ?? '', file: cells[1] ?? '' })))('$file', ({ id, file }) => {
    const text = readFileSync(`${CORPUS}${file}`, 'utf8');
    const streams = file.endsWith('.json') ? { stdout: text, stderr: '' } : { stdout: '', stderr: text };
    const captured = (value: string) => ({ text: value, totalBytes: value.length, omittedBytes: 0 });
    const outcome = { kind: 'exited' as const, exitCode: 1, signal: null, stdout: captured(streams.stdout), stderr: captured(streams.stderr), wallTimeMs: 1 };
    const result = classifyVerifierRun(outcome, parseVerifierOutput(streams), context);
    const reason = NO_VERDICT[id];
    if (reason === undefined) expect(result.status).toBe('failed');
    else expect(result).toMatchObject({ status: 'crashed', reason });
  });
});
