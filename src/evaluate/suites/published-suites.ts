/**
 * The public suites verus-repair results are compared on, as their leaderboard names them
 * (microsoft/verus-proof-synthesis, leaderboard/data/schema.json: `benchmark`). A bench records
 * which one its suite is when the layout says so (a whole checkout, its `tasks/` or
 * `tasks-sampled-100/`); a part of one (a batch, one Verus-Bench source) is none of them.
 */
export const PUBLISHED_SUITES = ['Verus-Bench', 'VeruSAGE-Bench', 'VeruSAGE-Bench-Sampled'] as const;

export type PublishedSuite = (typeof PUBLISHED_SUITES)[number];

/** Verus-Bench's sources, one directory each (`<source>/unverified/*.rs`), in the order its README lists them. */
export const VERUS_BENCH_SOURCES = ['CloverBench', 'MBPP', 'Diffy', 'Misc'] as const;

/**
 * VeruSAGE-Bench's projects: the file-name prefix (`AL__*.rs`) is the project code the leaderboard's
 * breakdown uses; the name is what the bench's own reports show.
 */
export const VERUSAGE_PROJECTS: ReadonlyArray<{ code: string; name: string }> = [
  { code: 'AL', name: 'Anvil' },
  { code: 'AC', name: 'Anvil Advanced' },
  { code: 'IR', name: 'IronKV' },
  { code: 'MA', name: 'Memory Allocator' },
  { code: 'NO', name: 'Node Replication' },
  { code: 'NR', name: 'NRKernel' },
  { code: 'OS', name: 'ATMO' },
  { code: 'ST', name: 'Storage' },
  { code: 'VE', name: 'Vest' },
];

export function isPublishedSuite(value: string): value is PublishedSuite {
  return (PUBLISHED_SUITES as readonly string[]).includes(value);
}
