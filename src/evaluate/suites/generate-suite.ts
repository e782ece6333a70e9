import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from '../../core/errors.js';
import { applyTextEdits, parseVerusSource, type VerusFileIr } from '../../ir/index.js';
import { findDefectSites, type DefectSite } from './defect-operators.js';
import { writeBenchFile } from '../render/write-bench-file.js';

/** One generated task as manifest.jsonl records it (a manifest-suite line plus the defect's provenance). */
export interface GeneratedTask {
  id: string;
  single_file: string;
  original: string;
  defect_class: string;
  expected_failing_function: string;
  defects: number;
  source: string;
}

/**
 * `bench generate`: every verified file gives one task per defect site (single) or per pair of sites
 * in different functions or far apart (multi), written in the Verus-Bench layout plus manifest.jsonl.
 */
export async function generateSuite(verifiedDir: string, outDir: string, options: { seed: number; defects: 'single' | 'multi' }): Promise<{ tasks: number; files: number; skipped: number }> {
  const names = (await readdir(verifiedDir).catch(() => { throw new ConfigurationError(`cannot read ${verifiedDir}; give a directory of verified .rs files`); })).filter((name) => name.endsWith('.rs')).sort();
  if (names.length === 0) throw new ConfigurationError(`${verifiedDir} holds no .rs files`);
  // Parse every file before creating anything, so a file that cannot be parsed leaves no half-written suite.
  const parsed: { name: string; original: string; ir: VerusFileIr }[] = [];
  for (const name of names) {
    const file = path.join(verifiedDir, name);
    const original = await readFile(file, 'utf8');
    parsed.push({ name, original, ir: await parseVerusSource(original, { file }) });
  }
  await mkdir(path.join(outDir, 'unverified'), { recursive: true });
  await mkdir(path.join(outDir, 'verified'), { recursive: true });
  const manifest: GeneratedTask[] = [];
  let skipped = 0;
  for (const { name, original, ir } of parsed) {
    const sites = findDefectSites(ir);
    if (sites.length === 0) skipped += 1;
    const stem = name.slice(0, -3).replace(/[^A-Za-z0-9._-]/g, '_');
    const groups = options.defects === 'single' ? sites.map((entry) => [entry]) : pairSites(sites, options.seed);
    for (const [index, group] of groups.entries()) {
      const id = `${stem}.${group.map((entry) => entry.operator).join('+')}-${index + 1}`;
      await writeBenchFile(path.join(outDir, 'unverified', `${id}.rs`), applyTextEdits(ir, group.map((entry) => entry.edit)));
      await writeBenchFile(path.join(outDir, 'verified', `${id}.rs`), original);
      manifest.push({
        id, single_file: `unverified/${id}.rs`, original: `verified/${id}.rs`, defect_class: group.map((entry) => entry.operator).join('+'),
        expected_failing_function: group[0]?.function ?? '', defects: group.length,
        source: `generated from ${name}: ${group.map((entry) => `${entry.operator} at line ${entry.line} (${entry.edit.description})`).join('; ')}`,
      });
    }
  }
  await writeBenchFile(path.join(outDir, 'manifest.jsonl'), manifest.map((task) => JSON.stringify(task)).join('\n') + (manifest.length > 0 ? '\n' : ''));
  return { tasks: manifest.length, files: names.length, skipped };
}

/** Pairs of non-overlapping sites, chosen in a seeded order so a seed reproduces the suite. */
function pairSites(sites: readonly DefectSite[], seed: number): DefectSite[][] {
  const random = mulberry32(seed);
  const order = sites.map((entry) => ({ entry, key: random() })).sort((a, b) => a.key - b.key).map((item) => item.entry);
  const pairs: DefectSite[][] = [];
  for (let i = 0; i + 1 < order.length; i += 2) {
    const [a, b] = [order[i], order[i + 1]];
    if (a !== undefined && b !== undefined && (a.edit.byteEnd <= b.edit.byteStart || b.edit.byteEnd <= a.edit.byteStart)) pairs.push([a, b]);
  }
  return pairs;
}

function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
