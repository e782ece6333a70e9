import { rmSync } from 'node:fs';
import { materializeCrate, readCrateFiles, type CrateFiles } from '../repair/setup/crate-snapshot.js';
import { checkSpec, type SpecCheckReport } from '../specification/index.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';

/** One round: the crate changed by one line, checked (its harness built in the warm slot), checked again (reused), and pre-checked. */
export interface SpecCheckRound {
  specCheckMs: number;
  buildMs: number;
  reusedMs: number;
  /** The erased pre-check as the product runs it by default: `cargo build`, then `cargo test`. */
  precheckMs: number;
  /** `cargo build` alone (`[verifier.precheck] test = false`). */
  buildPrecheckMs: number;
}

export interface SpecCheckCost {
  rounds: SpecCheckRound[];
  /** Medians over the rounds. */
  specCheckMs: number;
  buildMs: number;
  runMs: number;
  reusedMs: number;
  precheckMs: number;
  buildPrecheckMs: number;
  ratio: number;
  buildRatio: number;
  reusedRatio: number;
  /** Where the harness crates were written: `slot` unless every slot was held or the cache directory lies in the target directory. */
  harnessDirectory: string;
  specCommand: string[];
  runCommand: string[];
  precheckCommand: string[];
  inputs: number;
}

/**
 * One function's spec check after a one-line change to its crate, against the erased pre-check of
 * the same changed crate, both with real cargo in the shared target directory (vstd built there
 * already), warmed once and then measured in alternation, `rounds` times. The change is a statement
 * in the checked function's body whose literal differs every round (and from every earlier run), as
 * a mutant of that function changes it: the crate's lib is compiled again (the harness module stays
 * the same: a function's literals reach its harness at run time). The spec check builds in the slot the warm-up and the previous round built in;
 * a second check of the same change must reuse that build (harness-build-cache.ts). The pre-check
 * compiles the changed crate from nothing every round, as the product pre-checks a candidate or a
 * mutant: a fresh copy under a package name of its content (a trailing comment makes it new, so it
 * reuses no build); once as the product runs it by default (`cargo build`, then `cargo test`), once
 * with `cargo build` alone. The runtime crate is built in the warm-up, once per target directory.
 */
export async function measureSpecCheckCost(crateDir: string, functionName: string, targetDir: string, rounds: number): Promise<SpecCheckCost> {
  const base = defaultVerifierConfig(crateDir);
  const config = { ...base, precheck: { ...base.precheck, targetDir, offline: true } };
  const original = await readCrateFiles(crateDir);
  // A literal no earlier run used: a change the harness cache has not seen.
  const first = 1_000_000 + Math.floor(Math.random() * 1_000_000_000);
  const changed = (round: number) => changeOneLine(original, functionName, first + round + 1);
  const specCheck = (files: CrateFiles) => checkSpec({ crateDir, functions: [functionName], seed: 0, config, files });
  const precheck = async (files: CrateFiles, label: string, test: boolean) => {
    const source = files.get('src/lib.rs') ?? new Uint8Array();
    const copy = await materializeCrate(new Map(files).set('src/lib.rs', new Uint8Array([...source, ...new TextEncoder().encode(`\n// spec bench pre-check ${label} ${Date.now()}\n`)])), crateDir, 'spec-bench-precheck');
    try {
      const result = await new CargoPrechecker({ config: { ...config, precheck: { ...config.precheck, test } } }).precheck(copy);
      if (result.status !== 'passed') throw new Error(`${crateDir}: the erased pre-check did not pass (${result.status})`);
      return result;
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  };
  await specCheck(changed(-1));
  await precheck(changed(-1), 'warm', true);
  const measured: SpecCheckRound[] = [];
  const runTimes: number[] = [];
  let last: SpecCheckReport | null = null;
  let precheckCommand: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const files = changed(round);
    const started = performance.now();
    last = await specCheck(files);
    const specCheckMs = performance.now() - started;
    const check = last.functions[0];
    if (check?.status !== 'checked') throw new Error(`${functionName}: the spec check did not run (${check?.status ?? 'no result'})`);
    if (last.run.harnessCache !== 'built') throw new Error(`${functionName}: the spec check after a change did not build its harness (${last.run.harnessCache ?? 'nothing built'})`);
    runTimes.push(last.run.runMs);
    const reusedStarted = performance.now();
    const reused = await specCheck(files);
    const reusedMs = performance.now() - reusedStarted;
    if (reused.run.harnessCache !== 'reused') throw new Error(`${functionName}: the second check of the same change did not reuse its harness (${reused.run.harnessCache ?? 'nothing built'})`);
    const full = await precheck(files, `${round}`, true);
    const buildOnly = await precheck(files, `${round}-build`, false);
    precheckCommand = full.command;
    measured.push({ specCheckMs, buildMs: last.run.buildMs, reusedMs, precheckMs: full.wallTimeMs, buildPrecheckMs: buildOnly.wallTimeMs });
  }
  const median = (pick: (round: SpecCheckRound) => number) => medianOf(measured.map(pick));
  const specCheckMs = median((round) => round.specCheckMs);
  const precheckMs = median((round) => round.precheckMs);
  const buildPrecheckMs = median((round) => round.buildPrecheckMs);
  return {
    rounds: measured, specCheckMs, buildMs: median((round) => round.buildMs), runMs: medianOf(runTimes), reusedMs: median((round) => round.reusedMs), precheckMs, buildPrecheckMs,
    ratio: median((round) => round.specCheckMs / round.precheckMs), buildRatio: median((round) => round.specCheckMs / round.buildPrecheckMs), reusedRatio: median((round) => round.reusedMs / round.precheckMs),
    harnessDirectory: /\/spec-harness-crates\/[0-9a-f]{16}\/slot-\d+$/.test(last!.run.scratchCrate) ? 'slot' : 'scratch',
    specCommand: last!.run.command, runCommand: last!.run.runCommand, precheckCommand, inputs: last!.run.budget,
  };
}

/**
 * The crate with one line of `functionName`'s body changed: a statement binding `literal`, the
 * first line of the body (so the line count stays the same from round to round).
 */
function changeOneLine(files: CrateFiles, functionName: string, literal: number): CrateFiles {
  const source = new TextDecoder().decode(files.get('src/lib.rs'));
  const header = source.indexOf(`pub fn ${functionName}(`);
  const body = header === -1 ? -1 : source.indexOf('\n{\n', header);
  if (body === -1) throw new Error(`src/lib.rs has no \`pub fn ${functionName}(...)\` with its body's \`{\` on a line of its own`);
  const line = `    let _verus_repair_bench_edit: u32 = ${literal};\n`;
  return new Map(files).set('src/lib.rs', new TextEncoder().encode(`${source.slice(0, body + 3)}${line}${source.slice(body + 3)}`));
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
