import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fake-openai-server.js';
import { runCliInProcess } from '../run-cli-in-process.js';
import { createTemporaryDirectory, removeTemporaryDirectories, writeFileTree } from '../fakes/temporary-directory.js';
import { loadSuite } from '../../src/evaluate/suites/load-suite.js';

// Issue 27, item 1: a suite is untrusted input; its links must not carry a bench outside it.
const TASK = 'use vstd::prelude::*;\nverus! {\nfn f() {}\n}\n';
const SECRET = 'root:$6$not-a-real-hash:19000:0:99999:7:::\n';

let server: FakeOpenAiServer;
let scratch: string;
let secret: string;
let grid: string;

beforeAll(async () => {
  server = await startFakeOpenAiServer();
  scratch = createTemporaryDirectory('suite-links');
  secret = path.join(scratch, 'outside', 'shadow');
  writeFileTree(scratch, { 'outside/shadow': SECRET });
  grid = path.join(scratch, 'grid.toml');
  // Any request reaching the fake server would be recorded (and answered 599: nothing is scripted).
  writeFileSync(grid, ['feedback = "none"', 'iterations = 1', 'houdini_rounds = 0', '', '[[model]]', 'name = "links-model"', `base_url = "${server.baseUrl}"`, '',
    '[verifier]', 'runner = "local"', '', '[verifier.precheck]', 'enabled = false', ''].join('\n'));
});

afterAll(async () => {
  await server.close();
  removeTemporaryDirectories();
});

/** Runs `bench SUITE` into a fresh --out and returns the run and whether --out was created. */
async function bench(suite: string): Promise<{ exitCode: number; stderr: string; wroteOut: boolean }> {
  const out = path.join(createTemporaryDirectory('links-out'), 'bench-out');
  const run = await runCliInProcess('bench', suite, '--grid', grid, '--out', out);
  return { exitCode: run.exitCode, stderr: run.stderr, wroteOut: existsSync(out) };
}

function expectRefused(run: { exitCode: number; stderr: string; wroteOut: boolean }, ...named: string[]): void {
  expect(run.exitCode, run.stderr).toBe(2);
  for (const name of named) expect(run.stderr).toContain(name);
  expect(run.stderr.trim().split('\n'), 'one line').toHaveLength(1);
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).not.toContain(SECRET.trim());
  expect(run.wroteOut).toBe(false);
  expect(server.requests).toEqual([]);
}

describe('bench refuses suite files that leave the suite (exit 2, one line, nothing read, sent or written)', () => {
  it('a Verus-Bench task that is an absolute link to a file outside the suite', async () => {
    const suite = path.join(scratch, 'verus-bench-absolute');
    writeFileTree(suite, { 'unverified/plain.rs': TASK, 'verified/plain.rs': TASK });
    symlinkSync(secret, path.join(suite, 'unverified', 'shadow.rs'));
    expectRefused(await bench(suite), path.join(suite, 'unverified', 'shadow.rs'), secret, 'outside the suite');
  });

  it('a VeruSAGE-Bench task that is a relative ../ link out of the suite', async () => {
    const suite = path.join(scratch, 'verusage-relative');
    writeFileTree(suite, { 'tasks/AL__m__plain.rs': TASK });
    symlinkSync(path.join('..', '..', 'outside', 'shadow'), path.join(suite, 'tasks', 'AL__m__shadow.rs'));
    expectRefused(await bench(suite), 'AL__m__shadow.rs', secret, 'outside the suite');
  });

  it('a verified original that links out, a fixture crate whose broken file or src/lib.rs links out, and a manifest path that climbs out', async () => {
    const original = path.join(scratch, 'verus-bench-original');
    writeFileTree(original, { 'MBPP/unverified/t.rs': TASK, 'Misc/unverified/u.rs': TASK });
    mkdirSync(path.join(original, 'MBPP', 'verified'));
    symlinkSync(secret, path.join(original, 'MBPP', 'verified', 't.rs'));
    expectRefused(await bench(original), path.join(original, 'MBPP', 'verified', 't.rs'));

    const fixtures = path.join(scratch, 'fixtures');
    writeFileTree(fixtures, { 'c/Cargo.toml': '[package]\nname = "c"\nversion = "0.1.0"\n', 'c/src/lib.rs': TASK, 'c/broken/v.toml': 'defect_class = "x"\nfunction = "f"\n' });
    symlinkSync(secret, path.join(fixtures, 'c', 'broken', 'v.rs'));
    expectRefused(await bench(fixtures), path.join(fixtures, 'c', 'broken', 'v.rs'));

    const library = path.join(scratch, 'fixtures-library');
    writeFileTree(library, { 'c/Cargo.toml': '[package]\nname = "c"\nversion = "0.1.0"\n', 'c/broken/v.toml': 'defect_class = "x"\n', 'c/broken/v.rs': TASK });
    symlinkSync(secret, path.join(library, 'c', 'src-secret'));
    mkdirSync(path.join(library, 'c', 'src'));
    symlinkSync(secret, path.join(library, 'c', 'src', 'lib.rs'));
    expectRefused(await bench(library), path.join(library, 'c', 'src', 'lib.rs'), path.join(library, 'c', 'src-secret'));

    const manifest = path.join(scratch, 'manifest');
    writeFileTree(manifest, { 'suite.toml': '[[task]]\nid = "climb"\nsingle_file = "../outside/shadow"\n' });
    expectRefused(await bench(path.join(manifest, 'suite.toml')), '../outside/shadow', 'outside the suite');
  });

  it('a directory link named like a task, and a directory named *.rs: a clear line, not EISDIR', async () => {
    const linked = path.join(scratch, 'verus-bench-dir-link');
    writeFileTree(linked, { 'unverified/plain.rs': TASK, 'elsewhere/x': 'x' });
    symlinkSync(path.join(linked, 'elsewhere'), path.join(linked, 'unverified', 'folder.rs'));
    expectRefused(await bench(linked), path.join(linked, 'unverified', 'folder.rs'), 'is a directory');

    const directory = path.join(scratch, 'verusage-dir');
    writeFileTree(directory, { 'tasks/AL__m__plain.rs': TASK, 'tasks/AL__m__folder.rs/inner': 'x' });
    expectRefused(await bench(directory), 'AL__m__folder.rs', 'is a directory');
  });

  it('a FIFO named like a task is refused before anything opens it (reading it would hang)', async () => {
    const suite = path.join(scratch, 'verus-bench-fifo');
    writeFileTree(suite, { 'unverified/plain.rs': TASK });
    execFileSync('mkfifo', [path.join(suite, 'unverified', 'pipe.rs')]);
    expectRefused(await bench(suite), path.join(suite, 'unverified', 'pipe.rs'), 'not a regular file');
  });
});

describe('links that stay inside the suite are followed', () => {
  it('reads a task linked to another file of the suite, and a source directory linked inside the checkout', async () => {
    const suite = path.join(scratch, 'inside');
    writeFileTree(suite, { 'MBPP/unverified/a.rs': TASK, 'MBPP/verified/a.rs': `${TASK}// verified\n`, 'shared/b.rs': `${TASK}// b\n` });
    symlinkSync(path.join('..', '..', 'shared', 'b.rs'), path.join(suite, 'MBPP', 'unverified', 'b.rs'));
    mkdirSync(path.join(suite, 'elsewhere'));
    writeFileTree(suite, { 'elsewhere/Misc/unverified/c.rs': `${TASK}// c\n` });
    symlinkSync(path.join(suite, 'elsewhere', 'Misc'), path.join(suite, 'Misc'));
    const { tasks } = await loadSuite(suite);
    expect(tasks.map((task) => [task.id, task.brokenSource, task.originalSource])).toEqual([
      ['MBPP.a', TASK, `${TASK}// verified\n`], ['MBPP.b', `${TASK}// b\n`, null], ['Misc.c', `${TASK}// c\n`, null],
    ]);
  });

  it('a fixture crate linked inside the root is read from where it really is', async () => {
    const suite = path.join(scratch, 'fixtures-inside');
    writeFileTree(suite, { 'store/c/Cargo.toml': '[package]\nname = "c"\nversion = "0.1.0"\n', 'store/c/src/lib.rs': TASK, 'store/c/broken/v.toml': 'defect_class = "x"\n', 'store/c/broken/v.rs': `${TASK}// broken\n` });
    symlinkSync(path.join(suite, 'store', 'c'), path.join(suite, 'c'));
    const { tasks } = await loadSuite(suite);
    expect(tasks.map((task) => [task.id, task.crateDir, task.brokenSource])).toEqual([['c.v', path.join(suite, 'store', 'c'), `${TASK}// broken\n`]]);
  });
});
