import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { createGhostStrippedView } from './view/create-ghost-stripped-view.js';
import { locateSpan } from './span/locate-span.js';
import { parseVerusFile } from './parse/parse-verus-source.js';
import type { ClauseTarget } from './edit/clause-target.js';
import { checkClauseEdit } from './testing/check-clause-edit.js';
import { checkNodeTexts } from './testing/check-node-texts.js';
import { checkSpans } from './testing/parse-snippet.js';
import type { VerusFileIr } from './verus-file-ir.js';

/** The Verus fixture crates written by another part of the project (rust-fixtures/README.md): real Verus code, not written for these tests. */
const ROOT = new URL('../../rust-fixtures/', import.meta.url).pathname;

interface Fixture {
  crate: string;
  /** src/lib.rs: the file the broken variants are variants of. */
  reference: string;
  /** Every file under src/ that holds Verus code (a multi-module crate's lib.rs may hold only `mod` lines). */
  verusSources: string[];
  broken: string[];
}

async function listVerusSources(directory: string): Promise<string[]> {
  const entries = await readdir(directory, { withFileTypes: true }).catch(() => []);
  const files: string[] = [];
  for (const entry of entries.sort((left, right) => left.name.localeCompare(right.name))) {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) files.push(...(await listVerusSources(path)));
    else if (entry.name.endsWith('.rs') && (await readFile(path, 'utf8')).includes('verus!')) files.push(path);
  }
  return files;
}

async function findFixtures(): Promise<Fixture[]> {
  const entries = await readdir(ROOT, { withFileTypes: true }).catch(() => []);
  const fixtures: Fixture[] = [];
  for (const entry of entries) {
    if (!entry.isDirectory() || entry.name === 'target' || entry.name.startsWith('.')) continue;
    const crate = join(ROOT, entry.name);
    // rust-fixtures/erasure holds single files for the erasure tests, not a crate.
    if (!existsSync(join(crate, 'Cargo.toml'))) continue;
    const broken = (await readdir(join(crate, 'broken')).catch(() => [])).filter((name) => name.endsWith('.rs')).map((name) => join(crate, 'broken', name));
    fixtures.push({ crate: entry.name, reference: join(crate, 'src', 'lib.rs'), verusSources: await listVerusSources(join(crate, 'src')), broken });
  }
  return fixtures.sort((left, right) => left.crate.localeCompare(right.crate));
}

/** Loop keywords and assert statements counted from the text with comments removed: an independent count. */
function countInText(text: string): { loops: number; asserts: number } {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '').replace(/"(?:[^"\\]|\\.)*"/g, '""').replace(/\bimpl\b[^{;]*/g, '');
  return { loops: (code.match(/\b(?:while|loop|for)\b(?!\s*<)/g) ?? []).length, asserts: (code.match(/\bassert\s*(?:\(|forall\b)/g) ?? []).length };
}

const fixtures = await findFixtures();

describe.skipIf(fixtures.length === 0)('rust-fixtures', () => {
  it('finds Verus code in every fixture crate', () => {
    expect(fixtures.filter((fixture) => fixture.verusSources.length === 0).map((fixture) => fixture.crate)).toEqual([]);
  });

  it.each(fixtures.flatMap((fixture) => [...fixture.verusSources, ...fixture.broken]))('parses %s completely, each node\'s span slicing its own text', async (path) => {
    const ir = await parseVerusFile(path);
    const text = await readFile(path, 'utf8');
    expect(ir.skipped).toEqual([]);
    expect(checkNodeTexts(ir)).toEqual([]);
    expect(checkSpans(ir)).toEqual([]);
    const verified = ir.functions.filter((fn) => fn.insideVerus);
    expect(verified.length).toBeGreaterThan(0);
    const expected = countInText(text);
    expect(ir.functions.reduce((total, fn) => total + fn.loops.length, 0)).toBe(expected.loops);
    expect(ir.functions.reduce((total, fn) => total + fn.proofStatements.filter((statement) => statement.kind === 'assert' || statement.kind === 'assert-forall').length, 0)).toBe(expected.asserts);
  });

  it.each(fixtures.flatMap((fixture) => fixture.verusSources))('%s: a clause of each function, edited, re-parses into the IR the edit meant', async (path) => {
    const ir = await parseVerusFile(path);
    // One edit per function (its first loop clause, else its first clause), inserting and replacing in turn: a re-parse each.
    const targets = ir.functions.flatMap((fn): ClauseTarget[] => {
      const loop = fn.loops.find((candidate) => candidate.clauses.length > 0);
      if (loop !== undefined) return [{ loopId: loop.id, kind: loop.clauses[0]!.kind }];
      return fn.clauses.length > 0 ? [{ function: fn.qualifiedName, kind: fn.clauses[0]!.kind }] : [];
    });
    for (const [index, target] of targets.entries()) {
      const edit = index % 2 === 0 ? { mode: 'insert' as const, expression: 'marker("é ✓ 😀") > 0' } : { mode: 'replace' as const, index: 0, expression: 'true' };
      expect((await checkClauseEdit(ir, { target, ...edit })).problems, `${path}: ${edit.mode} in ${JSON.stringify(target)}`).toEqual([]);
    }
  });

  it.each(fixtures.filter((fixture) => fixture.broken.length > 0))('$crate: broken variants have the same exec code as the reference', async (fixture) => {
    const reference = await parseVerusFile(fixture.reference);
    const execViews = (ir: VerusFileIr) => new Map(ir.functions.filter((fn) => fn.baseMode === 'exec').map((fn) => [fn.qualifiedName, createGhostStrippedView(ir, fn).text]));
    const expected = execViews(reference);
    for (const path of fixture.broken) {
      expect(execViews(await parseVerusFile(path)), path).toEqual(expected);
    }
  });

  it.each(fixtures.flatMap((fixture) => fixture.broken))('locates the predicted errors of %s', async (path) => {
    const ir = await parseVerusFile(path);
    const manifest = parseToml(await readFile(path.replace(/\.rs$/, '.toml'), 'utf8')) as { function: string; expected_errors?: Array<{ line: number; anchor: string }> };
    const lines = ir.source.text.split('\n');
    for (const error of manifest.expected_errors ?? []) {
      const column = [...(lines[error.line - 1] ?? '').slice(0, (lines[error.line - 1] ?? '').indexOf(error.anchor))].length + 1;
      const location = locateSpan(ir, { lineStart: error.line, columnStart: column });
      expect(location.function, `${path}:${error.line}`).not.toBeNull();
      const anchor = error.anchor.replace(/,$/, '').trim();
      const clauseTexts = ir.functions.flatMap((fn) => [...fn.clauses, ...fn.loops.flatMap((loop) => loop.clauses)]).flatMap((clause) => clause.expressions.map((expression) => expression.text));
      if (clauseTexts.includes(anchor)) expect(location.clause?.expression?.text, `${path}:${error.line}`).toBe(anchor);
    }
    expect(ir.functions.some((fn) => fn.name === manifest.function)).toBe(true);
  });
});
