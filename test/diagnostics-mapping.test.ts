import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildSyntheticVerusOutput } from './demo/synthetic-verus-output.js';
import { runCliInProcess } from './run-cli-in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'diagnostics-mapping-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const SOURCE = `use vstd::prelude::*;
verus! {
// ünïcode before the failing clause
fn count_up(n: u64) -> (r: u64)
    requires n < 100,
    ensures r == n,
{
    let mut i: u64 = 0;
    while i < n
        invariant i <= n, i < 50,
        decreases n - i,
    {
        i = i + 1;
    }
    i
}
}
`;

describe('verus-repair diagnostics --source', () => {
  it('names the function, loop and clause each diagnostic points at', async () => {
    mkdirSync(join(scratch, 'src'), { recursive: true });
    writeFileSync(join(scratch, 'src', 'lib.rs'), SOURCE);
    const output = buildSyntheticVerusOutput({ crate: 'count', file: 'src/lib.rs', source: SOURCE, functions: [{ name: 'count_up', success: false }], errors: [
      { message: 'invariant not satisfied at end of loop body', anchor: 'i < 50', label: null },
    ] });
    writeFileSync(join(scratch, 'output.txt'), output.stdout);
    const run = await runCliInProcess('diagnostics', join(scratch, 'output.txt'), '--json', '--source', scratch);
    expect(run.exitCode).toBe(0);
    const [diagnostic] = (JSON.parse(run.stdout) as { diagnostics: Array<{ kind: string; function: string | null }> }).diagnostics;
    expect(diagnostic).toMatchObject({ kind: 'invariant-end-of-loop-body', function: 'count_up' });
    const unmapped = await runCliInProcess('diagnostics', join(scratch, 'output.txt'), '--json');
    expect((JSON.parse(unmapped.stdout) as { diagnostics: Array<{ function: string | null }> }).diagnostics[0]?.function).toBeNull();
  });
});
