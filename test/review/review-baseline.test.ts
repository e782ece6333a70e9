import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../fakes/run-cli.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { compileSarifSchema } from './compile-sarif-schema.js';
import { ReviewChangesRepository, type CrateFunction } from './review-changes-repository.js';

afterAll(removeTemporaryDirectories);

const CLAMP: CrateFunction = { name: 'clamp', weak: false, source: 'pub fn clamp(x: u64) -> (r: u64)\n    ensures r <= 100,\n{\n    if x > 100 { 100 } else { x }\n}\n' };
const PICK: CrateFunction = { name: 'pick', weak: true, source: 'pub fn pick(x: u64) -> (r: u64)\n    ensures r <= x,\n{\n    if x > 5 { x - 1 } else { x }\n}\n' };
const LOOSE: CrateFunction = { name: 'loose', weak: true, source: 'pub fn loose(x: u64) -> (r: u64)\n    ensures r <= x,\n{\n    if x < 3 { 0 } else { x }\n}\n' };
const FLAGS = ['--no-vacuity', '--no-spec-tests', '--no-record', '--operators', 'relational-operator,arithmetic-operator'];

interface SarifResult {
  ruleId: string;
  message: { text: string };
  baselineState?: string;
  partialFingerprints: Record<string, string>;
}
const readSarif = (file: string) => (JSON.parse(readFileSync(file, 'utf8')) as { runs: Array<{ results: SarifResult[] }> }).runs[0]?.results ?? [];
const survivedLines = (stdout: string) => stdout.split('\n').filter((line) => line.startsWith('survived '));

describe('review --baseline / --write-baseline / --fail-on (fake cargo-verus, real cargo)', () => {
  const repository = new ReviewChangesRepository();
  const work = path.dirname(repository.crate);
  const baseline = path.join(work, 'baseline.json');
  beforeAll(async () => {
    await repository.write([CLAMP, PICK]);
    repository.commit('clamp and a weak pick');
  });

  it('a baseline of the full review hides its findings, after a blank line moved them too; a new weak function still fails, alone', async () => {
    const full = await runCli(['review', repository.crate, ...FLAGS, '--write-baseline', baseline, '--sarif', path.join(work, 'full.sarif')], repository.fake.environment);
    expect(full.exitCode, full.stderr).toBe(1);
    const written = JSON.parse(readFileSync(baseline, 'utf8')) as { schema: string; findings: Array<{ function: string; kind: string; fingerprint: string }> };
    expect(written.schema).toBe('verus-repair/review-baseline@1');
    expect(written.findings.length).toBe(survivedLines(full.stdout).length);
    expect(new Set(written.findings.map((entry) => `${entry.function} ${entry.kind}`))).toEqual(new Set(['pick surviving-mutant']));
    expect(readSarif(path.join(work, 'full.sarif')).map((result) => result.partialFingerprints['verusRepairFinding/v1']).sort()).toEqual(written.findings.map((entry) => entry.fingerprint).sort());

    await repository.write([CLAMP, { ...PICK, source: `\n${PICK.source}` }]);
    const moved = await runCli(['review', repository.crate, ...FLAGS, '--baseline', baseline], repository.fake.environment);
    expect(moved.exitCode, moved.stdout + moved.stderr).toBe(0);
    expect(survivedLines(moved.stdout)).toEqual([]);
    expect(moved.stdout).toContain(`baseline ${baseline}: 0 new finding(s), ${written.findings.length} known finding(s) hidden`);

    await repository.write([CLAMP, { ...PICK, source: `\n${PICK.source}` }, LOOSE]);
    const sarif = path.join(work, 'new.sarif');
    const added = await runCli(['review', repository.crate, ...FLAGS, '--baseline', baseline, '--sarif', sarif], repository.fake.environment);
    expect(added.exitCode, added.stderr).toBe(1);
    const reported = survivedLines(added.stdout);
    expect(reported.length).toBeGreaterThan(0);
    expect(reported.every((line) => line.includes(' loose '))).toBe(true);
    const validate = compileSarifSchema();
    expect(validate(JSON.parse(readFileSync(sarif, 'utf8'))), JSON.stringify(validate.errors)).toBe(true);
    const results = readSarif(sarif);
    expect(results.filter((result) => result.baselineState === 'unchanged').map((result) => result.message.text).every((text) => text.includes(' of pick '))).toBe(true);
    expect(results.filter((result) => result.baselineState === 'new').map((result) => result.message.text).every((text) => text.includes(' of loose '))).toBe(true);
    expect(results.filter((result) => result.baselineState === 'unchanged')).toHaveLength(written.findings.length);

    const none = await runCli(['review', repository.crate, ...FLAGS, '--baseline', baseline, '--fail-on', 'none'], repository.fake.environment);
    expect(none.exitCode, none.stderr).toBe(0);
    const any = await runCli(['review', repository.crate, ...FLAGS, '--baseline', baseline, '--fail-on', 'any-finding', '--json'], repository.fake.environment);
    expect(any.exitCode).toBe(1);
  }, 480_000);

  it.each([
    ['not JSON', '{\n  "schema": "verus-repair/review-baseline@1",\n  "findings": [\n    {"fingerprint": }\n  ]\n}\n', /baseline-bad\.json:4:21: not JSON: a syntax error here/],
    ['a bad entry', `{\n  "schema": "verus-repair/review-baseline@1",\n  "review": "r",\n  "findings": [\n    {"fingerprint": "${'a'.repeat(64)}", "kind": "k", "file": "f", "function": "g", "line": 1, "message": "m"},\n    {"fingerprint": "nope", "kind": "k", "file": "f", "function": "g", "line": 1, "message": "m"}\n  ]\n}\n`, /baseline-bad\.json:6:1: findings\[1\]\.fingerprint: expected 64 lowercase hex digits/],
  ])('a baseline file that is %s is exit 2 naming the file and position, with nothing written', async (_label, text, message) => {
    const bad = path.join(work, 'baseline-bad.json');
    writeFileSync(bad, text);
    const sarif = path.join(work, 'never.sarif');
    const before = repository.fake.readInvocations().length;
    const run = await runCli(['review', repository.crate, ...FLAGS, '--baseline', bad, '--sarif', sarif, '--write-baseline', path.join(work, 'never.json')], repository.fake.environment);
    expect(run.exitCode).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(sarif) || existsSync(path.join(work, 'never.json'))).toBe(false);
    expect(repository.fake.readInvocations()).toHaveLength(before);
  }, 60_000);
});
