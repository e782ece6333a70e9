import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseVerusSource } from '../ir/index.js';
import { checkSpec, type FunctionSpecCheck } from '../spec/index.js';
import { readCrateSources } from '../spec/read-crate-sources.js';
import { defaultVerifierConfig } from '../verifier/config/read-verifier-config.js';

/** Few inputs: the share is about what compiles, not what the runs find. */
const COVERAGE_INPUTS = 20;

export interface CrateCoverage {
  crate: string;
  checks: Array<FunctionSpecCheck & { crate: string }>;
  builds: number;
  buildMs: number;
}

/**
 * Every exec function with a body and at least one requires/ensures in each crate under `directory`
 * (a directory holding a Cargo.toml with a [package] and a src/), put through checkSpec with real
 * cargo: one harness build per crate, in `targetDir`. Loose .rs files with a verus! block and no
 * crate around them are each wrapped in a scratch crate under `scratch` (the spec-check fixture's
 * manifest: vstd only).
 */
export async function measureSpecCoverage(directory: string, targetDir: string, scratch: string, fixturesRoot: string): Promise<CrateCoverage[]> {
  const results: CrateCoverage[] = [];
  for (const crate of [...listCrates(directory), ...wrapLooseFiles(directory, scratch, fixturesRoot)]) {
    const functions = await listSpecifiedExecFunctions(crate.dir);
    if (functions.length === 0) continue;
    const base = defaultVerifierConfig(crate.dir);
    const report = await checkSpec({ crateDir: crate.dir, functions, inputs: COVERAGE_INPUTS, seed: 0, callTimeoutMs: 500, config: { ...base, precheck: { ...base.precheck, targetDir, offline: true } } });
    results.push({ crate: crate.name, checks: report.functions.map((check) => ({ ...check, crate: crate.name })), builds: report.run.builds, buildMs: report.run.buildMs });
  }
  return results;
}

async function listSpecifiedExecFunctions(crateDir: string): Promise<string[]> {
  const names: string[] = [];
  for (const [file, bytes] of await readCrateSources(crateDir)) {
    if (!file.startsWith('src/') || !file.endsWith('.rs')) continue;
    const ir = await parseVerusSource(new TextDecoder().decode(bytes), { file, requireVerus: false });
    for (const fn of ir.functions) {
      const specified = fn.clauses.some((clause) => clause.kind === 'requires' || clause.kind === 'ensures');
      if (fn.insideVerus && fn.baseMode === 'exec' && fn.body !== null && specified && !names.includes(fn.qualifiedName)) names.push(fn.qualifiedName);
    }
  }
  return names;
}

function listCrates(directory: string, depth = 0): Array<{ name: string; dir: string }> {
  const manifest = path.join(directory, 'Cargo.toml');
  if (existsSync(manifest) && /^\[package\]/m.test(readFileSync(manifest, 'utf8')) && existsSync(path.join(directory, 'src'))) return [{ name: path.basename(directory), dir: directory }];
  if (depth >= 3) return [];
  return readdirSync(directory).filter((entry) => entry !== 'target' && !entry.startsWith('.') && statSync(path.join(directory, entry)).isDirectory()).sort().flatMap((entry) => listCrates(path.join(directory, entry), depth + 1));
}

function wrapLooseFiles(directory: string, scratch: string, fixturesRoot: string): Array<{ name: string; dir: string }> {
  if (listCrates(directory).length > 0) return [];
  const manifest = readFileSync(path.join(fixturesRoot, 'spec-check', 'Cargo.toml'), 'utf8');
  return readdirSync(directory).filter((entry) => entry.endsWith('.rs') && readFileSync(path.join(directory, entry), 'utf8').includes('verus!')).sort().map((entry) => {
    const name = `loose-${entry.replace(/\.rs$/, '').replace(/[^A-Za-z0-9_-]/g, '-')}`;
    const dir = path.join(scratch, name);
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    writeFileSync(path.join(dir, 'Cargo.toml'), manifest.replace(/^name = ".*"$/m, `name = "${name.toLowerCase()}"`));
    copyFileSync(path.join(fixturesRoot, 'Cargo.lock'), path.join(dir, 'Cargo.lock'));
    copyFileSync(path.join(directory, entry), path.join(dir, 'src', 'lib.rs'));
    return { name: entry, dir };
  });
}
