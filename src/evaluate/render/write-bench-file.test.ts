import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryDirectory, removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { AdapterError } from '../../core/errors.js';
import { appendAttempt } from '../attempts/attempt-log.js';
import { summarizeBench } from '../results/summarize-bench.js';
import { buildSyntheticAttempt } from '../attempts/testing-attempt-record.js';
import { writeBenchOutputs } from './write-bench-outputs.js';

afterAll(removeTemporaryDirectories);

/** A bench directory whose `name` is a link to /dev/full: every write to it fails with ENOSPC, as on a full disk. */
function directoryWithFullFile(name: string): string {
  const directory = createTemporaryDirectory('bench-full');
  symlinkSync('/dev/full', path.join(directory, name));
  return directory;
}

describe('bench writes that fail after the checks (issue 18, item 12)', () => {
  it('an outputs write that fails is an AdapterError naming the file and the reason', async () => {
    const directory = directoryWithFullFile('summary.json');
    const summary = summarizeBench({ suite: 's', tasks: [], validity: [], settings: [], iterations: 1, seeds: [1], records: [], stopped: null });
    const error = await writeBenchOutputs(directory, summary, []).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AdapterError);
    expect((error as Error).message).toBe(`cannot write ${path.join(directory, 'summary.json')}: ENOSPC (no space left on the device)`);
  });

  it('an attempts.jsonl append that fails is an AdapterError naming the file', () => {
    const directory = directoryWithFullFile('attempts.jsonl');
    expect(() => appendAttempt(path.join(directory, 'attempts.jsonl'), buildSyntheticAttempt('a', 's', 1, 1))).toThrow(AdapterError);
    expect(() => appendAttempt(path.join(directory, 'attempts.jsonl'), buildSyntheticAttempt('a', 's', 1, 1))).toThrow(`cannot write ${path.join(directory, 'attempts.jsonl')}: ENOSPC`);
  });

  it('bench generate: a suite file that cannot be written is an AdapterError naming it', async () => {
    const { copyFileSync } = await import('node:fs');
    const { generateSuite } = await import('../suites/generate-suite.js');
    const verified = createTemporaryDirectory('verified');
    copyFileSync(path.join(import.meta.dirname, '..', '..', '..', 'rust-fixtures', 'sum-to', 'src', 'lib.rs'), path.join(verified, 'sum-to.rs'));
    const suite = directoryWithFullFile('manifest.jsonl');
    await expect(generateSuite(verified, suite, { seed: 1, defects: 'single' })).rejects.toThrow(new AdapterError(`cannot write ${path.join(suite, 'manifest.jsonl')}: ENOSPC (no space left on the device)`));
  });
});
