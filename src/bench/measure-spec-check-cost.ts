import { rmSync } from 'node:fs';
import { materializeCrate, readCrateFiles } from '../repair/setup/crate-snapshot.js';
import { checkSpec, type SpecCheckReport } from '../specification/index.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';
import { CargoPrechecker } from '../verifier/precheck/cargo-prechecker.js';

export interface SpecCheckCost {
  specCheckMs: number;
  buildMs: number;
  runMs: number;
  precheckMs: number;
  ratio: number;
  rounds: number;
  specCommand: string[];
  runCommand: string[];
  precheckCommand: string[];
  inputs: number;
  /** The same check when its harness was built before from the same sources (harness-build-cache.ts): reused, only run. */
  reusedMs: number;
  reusedRatio: number;
}

/**
 * One function's spec check against one erased pre-check of the same crate, both with real cargo in
 * the shared target directory (vstd built there already), warmed once and then measured in
 * alternation, the median of `rounds` each. Two spec checks per round: one that builds its harness
 * anew (`reuseHarness: false`, what a changed crate costs), and one that reuses the harness the
 * warm-up built from the same sources (what a check of an unchanged crate, with any seed or budget,
 * costs). The pre-check compiles the crate again every round: a fresh copy under a package name of
 * its own (a trailing comment makes its content new), so it reuses no build.
 * The runtime crate the harness depends on is built in the warm-up, once per target directory, as in
 * use. Each time is the median of the rounds (the build and the run each on their own).
 */
export async function measureSpecCheckCost(crateDir: string, functionName: string, targetDir: string, rounds: number): Promise<SpecCheckCost> {
  const base = defaultVerifierConfig(crateDir);
  const config = { ...base, precheck: { ...base.precheck, targetDir, offline: true, test: false } };
  const specCheck = (reuseHarness = false) => checkSpec({ crateDir, functions: [functionName], seed: 0, config, reuseHarness });
  const precheck = async (round: number) => {
    const files = await readCrateFiles(crateDir);
    const source = files.get('src/lib.rs') ?? new Uint8Array();
    const copy = await materializeCrate(new Map(files).set('src/lib.rs', new Uint8Array([...source, ...new TextEncoder().encode(`\n// spec bench pre-check ${round} ${Date.now()}\n`)])), crateDir, 'spec-bench-precheck');
    try {
      const result = await new CargoPrechecker({ config }).precheck(copy);
      if (result.status !== 'passed') throw new Error(`${crateDir}: the erased pre-check did not pass (${result.status})`);
      return result;
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  };
  await specCheck(true);
  await precheck(-1);
  const reusedTimes: number[] = [];
  const specTimes: number[] = [];
  const buildTimes: number[] = [];
  const runTimes: number[] = [];
  const precheckTimes: number[] = [];
  let last: SpecCheckReport | null = null;
  let precheckCommand: string[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    last = await specCheck();
    specTimes.push(performance.now() - started);
    buildTimes.push(last.run.buildMs);
    runTimes.push(last.run.runMs);
    const check = last.functions[0];
    if (check?.status !== 'checked') throw new Error(`${functionName}: the spec check did not run (${check?.status ?? 'no result'})`);
    const reusedStarted = performance.now();
    const reused = await specCheck(true);
    reusedTimes.push(performance.now() - reusedStarted);
    if (reused.run.harnessCache !== 'reused') throw new Error(`${functionName}: the warm spec check did not reuse its harness (${reused.run.harnessCache ?? 'nothing built'})`);
    const result = await precheck(round);
    precheckTimes.push(result.wallTimeMs);
    precheckCommand = result.command;
  }
  const specCheckMs = median(specTimes);
  const precheckMs = median(precheckTimes);
  return {
    specCheckMs, precheckMs, ratio: specCheckMs / precheckMs, rounds, reusedMs: median(reusedTimes), reusedRatio: median(reusedTimes) / precheckMs,
    buildMs: median(buildTimes), runMs: median(runTimes), specCommand: last!.run.command, runCommand: last!.run.runCommand, precheckCommand, inputs: last!.run.budget,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
