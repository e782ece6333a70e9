/**
 * End-to-end check of the Verus fixture crates in rust-fixtures/ with plain cargo (ghost code
 * erased; Verus itself is not run here). Needs the pinned Rust toolchain and the crates.io registry
 * or its local cache. All builds share rust-fixtures/target, so vstd is compiled once.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_KINDS } from '../src/core/diagnostic-kind.js';

const FIXTURES_ROOT = fileURLToPath(new URL('../rust-fixtures/', import.meta.url));
const TARGET_DIR = path.join(FIXTURES_ROOT, 'target');
const VARIANT_COPIES = path.join(TARGET_DIR, 'broken-variant-copies');
/**
 * `-Zunpretty` needs RUSTC_BOOTSTRAP=1, which proc-macro2's build script tracks: sharing one target
 * dir with the normal builds would rebuild the proc macros and vstd on every switch.
 */
const EXPANSION_TARGET_DIR = path.join(TARGET_DIR, 'erased-expansion');
const VSTD_PIN = '=0.0.0-2026-05-31-0205';
const DEFECT_CLASSES = [
  'missing-loop-invariant', 'too-weak-invariant', 'missing-assert-or-lemma-call',
  'wrong-or-too-strong-ensures', 'missing-decreases', 'arithmetic-overflow', 'missing-trigger',
  'missing-requires-on-helper', 'recursive-spec-fn-lemma',
];
const CARGO_TIMEOUT_MS = 900_000;

interface ExpectedError { message: string; kind: string; line: number; anchor: string }
interface BrokenManifest {
  defect_class: string; function: string; clause: string; provenance: string; note: string;
  expected_errors: ExpectedError[];
}
interface Variant { fixture: string; name: string; source: string; manifest: BrokenManifest }

async function readToml(file: string): Promise<Record<string, any>> {
  return parse(await readFile(file, 'utf8')) as Record<string, any>;
}

async function listFixtures(): Promise<string[]> {
  const workspace = await readToml(path.join(FIXTURES_ROOT, 'Cargo.toml'));
  return workspace.workspace.members as string[];
}

async function listVariants(): Promise<Variant[]> {
  const variants: Variant[] = [];
  for (const fixture of await listFixtures()) {
    const brokenDir = path.join(FIXTURES_ROOT, fixture, 'broken');
    // Review fixtures (review-*) have no broken variants.
    for (const file of (await readdir(brokenDir).catch(() => [] as string[])).filter((f) => f.endsWith('.toml')).sort()) {
      const name = file.replace(/\.toml$/, '');
      const manifest = (await readToml(path.join(brokenDir, file))) as BrokenManifest;
      const source = await readFile(path.join(brokenDir, `${name}.rs`), 'utf8');
      variants.push({ fixture, name, source, manifest });
    }
  }
  return variants;
}

/** Runs cargo with the shared target dir; stderr is merged into stdout by the shell so order is kept. */
async function runCargo(cwd: string, args: string[], env: Record<string, string> = {}) {
  const result = await execa('sh', ['-c', 'exec cargo "$@" 2>&1', 'sh', ...args], {
    cwd, reject: false, timeout: CARGO_TIMEOUT_MS, env: { CARGO_TARGET_DIR: TARGET_DIR, ...env },
  });
  return { exitCode: result.exitCode, output: String(result.stdout) };
}

/** Passed-test counts per crate, from the `Running unittests` and `test result:` lines of cargo test. */
function countPassedTests(output: string): Map<string, number> {
  const counts = new Map<string, number>();
  let crate: string | undefined;
  for (const line of output.split('\n')) {
    const running = /Running unittests src[\\/]lib\.rs \(.*[\\/]deps[\\/]([A-Za-z0-9_]+)-[0-9a-f]+/.exec(line);
    if (running) crate = running[1];
    const result = /^test result: ok\. (\d+) passed/.exec(line);
    if (result && crate !== undefined) {
      counts.set(crate, Number(result[1]));
      crate = undefined;
    }
  }
  return counts;
}

/**
 * The erased program as rustc sees it after `verus!` has dropped the ghost code, as tokens without
 * comments. Erased proof blocks and asserts leave empty `{}` / `{};` statements behind; they are
 * removed, as are the file and line/column fields of test descriptors (the copy has another path,
 * and lines shift when ghost lines are added or removed).
 */
async function expandErased(cwd: string, packageArgs: string[]): Promise<string> {
  const { exitCode, output } = await runCargo(cwd,
    ['rustc', ...packageArgs, '--lib', '--profile=check', '--quiet', '--', '-Zunpretty=expanded', '--test'],
    // -Zunpretty is unstable; Verus itself sets RUSTC_BOOTSTRAP the same way.
    { RUSTC_BOOTSTRAP: '1', CARGO_TARGET_DIR: EXPANSION_TARGET_DIR });
  expect(exitCode, output).toBe(0);
  const text = output
    .replace(/\b(start_line|end_line|start_col|end_col): \d+usize/g, '$1: _')
    .replace(/\bsource_file: "[^"]*"/g, 'source_file: _');
  // The pretty printer keeps source comments; they are not code, so comment tokens are dropped.
  const tokens = (text.match(/"(?:\\.|[^"\\])*"|\/\/[^\n]*|\/\*[\s\S]*?\*\/|[A-Za-z0-9_]+|\S/g) ?? [])
    .filter((token) => !token.startsWith('//') && !token.startsWith('/*'));
  const kept: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const previous = kept[kept.length - 1];
    if (tokens[i] === '{' && tokens[i + 1] === '}' && (previous === ';' || previous === '{' || previous === '}')) {
      i += tokens[i + 2] === ';' ? 2 : 1;
      continue;
    }
    kept.push(tokens[i]!);
  }
  return kept.join(' ');
}

/** A copy of the fixture with `lib` as src/lib.rs, as its own workspace sharing the target dir. */
async function writeVariantCopy(fixture: string, copyName: string, lib: string): Promise<string> {
  const dir = path.join(VARIANT_COPIES, copyName);
  const manifest = (await readFile(path.join(FIXTURES_ROOT, fixture, 'Cargo.toml'), 'utf8')) + '\n[workspace]\n';
  const files: Array<[string, string]> = [
    ['Cargo.toml', manifest],
    ['Cargo.lock', await readFile(path.join(FIXTURES_ROOT, 'Cargo.lock'), 'utf8')],
    [path.join('src', 'lib.rs'), lib],
  ];
  await mkdir(path.join(dir, 'src'), { recursive: true });
  for (const [name, content] of files) {
    const file = path.join(dir, name);
    // Unchanged files keep their mtime, so cargo rebuilds the copy only when it really changed.
    if (!existsSync(file) || (await readFile(file, 'utf8')) !== content) await writeFile(file, content);
  }
  return dir;
}

const fixtures = await listFixtures();
const variants = await listVariants();
const referenceExpansions = new Map<string, Promise<string>>();

function expandReference(fixture: string): Promise<string> {
  if (!referenceExpansions.has(fixture)) {
    referenceExpansions.set(fixture, expandErased(FIXTURES_ROOT, ['-p', fixture, '--locked']));
  }
  return referenceExpansions.get(fixture)!;
}

describe('rust-fixtures manifests', () => {
  it('has at least 12 fixture crates, each a workspace member with a Cargo.lock at the root', async () => {
    const dirs = (await readdir(FIXTURES_ROOT, { withFileTypes: true }))
      .filter((d) => d.isDirectory() && existsSync(path.join(FIXTURES_ROOT, d.name, 'Cargo.toml')))
      .map((d) => d.name);
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    expect([...fixtures].sort()).toEqual(dirs.sort());
    expect(existsSync(path.join(FIXTURES_ROOT, 'Cargo.lock'))).toBe(true);
  });

  it.each(fixtures)('%s pins vstd exactly and is marked for verification', async (fixture) => {
    const manifest = await readToml(path.join(FIXTURES_ROOT, fixture, 'Cargo.toml'));
    const vstd = manifest.dependencies.vstd;
    expect(typeof vstd === 'string' ? vstd : vstd.version).toBe(VSTD_PIN);
    expect(manifest.package.metadata.verus.verify).toBe(true);
    expect(manifest.package.edition).toBe('2021');
    expect(manifest.lints.rust.unexpected_cfgs['check-cfg']).toEqual(
      ['cfg(verus_only)', 'cfg(verus_keep_ghost)', 'cfg(verus_keep_ghost_body)']);
  });

  it.each(variants.map((v) => [`${v.fixture}/${v.name}`, v] as const))(
    '%s has a complete manifest whose predictions point at real lines', async (_label, variant) => {
      const { manifest, source } = variant;
      expect(DEFECT_CLASSES).toContain(manifest.defect_class);
      expect(manifest.clause).toMatch(/\S/);
      expect(manifest.provenance).toBe('predicted');
      expect(manifest.note).toContain('they are not a recorded Verus run');
      expect(source).toMatch(new RegExp(`\\bfn\\s+${manifest.function}\\b`));
      const reference = await readFile(path.join(FIXTURES_ROOT, variant.fixture, 'src', 'lib.rs'), 'utf8');
      expect(source).not.toBe(reference);
      const lines = source.split('\n');
      expect(manifest.expected_errors.length).toBeGreaterThan(0);
      for (const error of manifest.expected_errors) {
        expect(error.message).toMatch(/\S/);
        expect(DIAGNOSTIC_KINDS as readonly string[]).toContain(error.kind);
        expect(lines[error.line - 1], `line ${error.line}`).toContain(error.anchor);
      }
    });

  it('has two large fixtures (150+ lines, 5+ functions) and non-ASCII text for span tests', async () => {
    const sources = await Promise.all(
      fixtures.map((f) => readFile(path.join(FIXTURES_ROOT, f, 'src', 'lib.rs'), 'utf8')));
    const large = sources.filter((source) => source.split('\n').length >= 150
      && (source.split('#[cfg(test)]')[0]!.match(/\bfn\s+\w+/g) ?? []).length >= 5);
    expect(large.length).toBeGreaterThanOrEqual(2);
    expect(sources.some((source) => /[^\x00-\x7f]/.test(source))).toBe(true);
  });

  it('covers all nine defect classes', () => {
    expect(new Set(variants.map((v) => v.manifest.defect_class))).toEqual(new Set(DEFECT_CLASSES));
  });
});

describe('plain cargo (ghost code erased)', () => {
  it('cargo test --workspace passes and runs the tests of every fixture', { timeout: CARGO_TIMEOUT_MS }, async () => {
    const { exitCode, output } = await runCargo(FIXTURES_ROOT, ['test', '--workspace', '--locked']);
    expect(exitCode, output).toBe(0);
    const counts = countPassedTests(output);
    for (const fixture of fixtures) {
      expect(counts.get(fixture.replaceAll('-', '_')), `tests of ${fixture}`).toBeGreaterThan(0);
    }
  });

  it.each(variants.map((v) => [`${v.fixture}/${v.name}`, v] as const))(
    'broken variant %s builds, passes the fixture tests and erases to the same exec code',
    { timeout: CARGO_TIMEOUT_MS }, async (label, variant) => {
      const dir = await writeVariantCopy(variant.fixture, label.replace('/', '--'), variant.source);
      const { exitCode, output } = await runCargo(dir, ['test']);
      expect(exitCode, output).toBe(0);
      expect(output).toMatch(/^test result: ok\. [1-9]\d* passed/m);
      expect(await expandErased(dir, [])).toBe(await expandReference(variant.fixture));
    });

  it('the erased-code comparison notices a changed exec statement', { timeout: CARGO_TIMEOUT_MS }, async () => {
    const reference = await readFile(path.join(FIXTURES_ROOT, 'binary-search', 'src', 'lib.rs'), 'utf8');
    const mutated = reference.replace('lo = mid + 1;', 'lo = mid + 2;');
    expect(mutated).not.toBe(reference);
    const dir = await writeVariantCopy('binary-search', 'binary-search--exec-mutant', mutated);
    expect(await expandErased(dir, [])).not.toBe(await expandReference('binary-search'));
  });
});
