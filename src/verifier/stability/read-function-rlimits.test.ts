import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate } from '../../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../../test/fakes/temporary-directory.js';
import { measureRlimitMargin } from './measure-rlimit-margin.js';
import { readFunctionRlimits } from './read-function-rlimits.js';
import type { SeedRun } from './stability-report.js';

afterAll(() => removeTemporaryDirectories());

const LIB = `use vstd::prelude::*;
pub mod util;
verus! {
pub struct Counter { pub n: u64 }
impl Counter {
    #[verifier::rlimit(5)]
    #[verifier::rlimit(40)]
    pub proof fn lemma_method() {}
}
proof fn lemma_plain() {}
mod inner {
    use vstd::prelude::*;
    verus! {
    #[verifier::rlimit(infinity)]
    proof fn lemma_free() {}
    }
}
}
`;
const UTIL = `use vstd::prelude::*;
verus! {
#[verifier::rlimit(2)]
pub proof fn lemma_tight() {}
}
`;

function run(seed: number, uses: Record<string, number>): SeedRun {
  return { seed, status: 'verified', diagnostics: [], functions: Object.entries(uses).map(([name, rlimit]) => ({ function: name, module: null, rlimit })), wallTimeMs: 0, command: [] };
}

describe('per-function rlimits in the stability margin', () => {
  it('reads each #[verifier::rlimit] by the path Verus reports below the crate, the last attribute winning', async () => {
    const crateDir = createTemporaryCrate({ 'src/lib.rs': LIB, 'src/util.rs': UTIL });
    expect(Object.fromEntries(await readFunctionRlimits({ kind: 'crate', crateDir }))).toEqual({ 'Counter::lemma_method': 40, 'inner::lemma_free': Infinity, 'util::lemma_tight': 2 });
  });

  it('measures a function against its own limit: a small count under rlimit(2) is nearer its limit than a bigger one under the run\'s', async () => {
    const crateDir = createTemporaryCrate({ 'src/lib.rs': LIB, 'src/util.rs': UTIL });
    const own = await readFunctionRlimits({ kind: 'crate', crateDir });
    const runs = [run(1, { 'runner_demo::lemma_plain': 12_000_000, 'runner_demo::util::lemma_tight': 4_000_000, 'runner_demo::inner::lemma_free': 900_000_000 })];
    // Against the run's --rlimit 10 alone, lemma_free (which has no limit at all) is flagged, 30 times over.
    expect(measureRlimitMargin(runs, 10)).toMatchObject({ function: 'runner_demo::inner::lemma_free', nearLimit: true });
    expect(measureRlimitMargin(runs, 10, own)).toEqual({ limit: 6_000_000, highestUse: 4_000_000, function: 'runner_demo::util::lemma_tight', seed: 1, ratio: 4_000_000 / 6_000_000, nearLimit: true });
    // Raised to rlimit(40), the method has 120,000,000 per query: 30,000,000 is a quarter of it.
    expect(measureRlimitMargin([run(2, { 'runner_demo::Counter::lemma_method': 30_000_000 })], 10, own)).toMatchObject({ limit: 120_000_000, ratio: 0.25, nearLimit: false });
  });
});
