import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyRun } from '../src/ledger/apply-run.js';
import { GitProofLedger, type CandidateRecord } from '../src/ledger/git-proof-ledger.js';
import { FAKE_PASS_ENV, createFakeSetup } from './fakes/fake-environment.js';
import { runCli } from './fakes/run-cli.js';
import { VERIFYING_LIB_RS, createTemporaryCrate } from './fakes/temporary-crate.js';
import { removeTemporaryDirectories } from './fakes/temporary-directory.js';

afterAll(removeTemporaryDirectories);

const git = (repo: string, ...args: string[]) => execFileSync('git', args, { cwd: repo, encoding: 'utf8' }).trim();
/** The proof before the run, and the run's verified candidate: an assert added to the exec function's body. */
const BEFORE = VERIFYING_LIB_RS;
const PROVED = VERIFYING_LIB_RS.replace('{\n    x + 1\n}', '{\n    assert(x < 100);\n    x + 1\n}');

function verifiedCandidate(repo: string): CandidateRecord {
  const read = (file: string) => new Uint8Array(execFileSync('git', ['show', `HEAD:${file}`], { cwd: repo }));
  return {
    files: [{ path: 'Cargo.toml', bytes: read('Cargo.toml') }, { path: 'src/lib.rs', bytes: new TextEncoder().encode(PROVED) }],
    summary: 'verified',
    trailers: { proofResult: 'verified', errorCounts: {}, verusVersion: null, toolchain: null, verifierArgs: [], model: null, feedbackLevel: null, iteration: 1, sample: 0, guard: 'accept' },
    note: { report: null, promptDigest: null, responseDigest: null, cassetteLines: null, tokens: null, wallTimeMs: null },
  };
}

describe('audit --since REF --require-verified (real git history, fake cargo-verus)', () => {
  let repo: string;
  let base: string;
  let handEdit: string;
  beforeAll(async () => {
    repo = createTemporaryCrate({ 'src/lib.rs': BEFORE, '.gitignore': '/target/\n/.verus-repair/\n', 'verus-repair.toml': `[verifier]\nrunner = "local"\npass_env = ${JSON.stringify(FAKE_PASS_ENV)}\n` });
    git(repo, 'init', '-q', '-b', 'main');
    for (const [key, value] of [['user.name', 'Test Author'], ['user.email', 'author@example.com'], ['commit.gpgsign', 'false']]) git(repo, 'config', key!, value!);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'the proof as it was');
    base = git(repo, 'rev-parse', 'HEAD');
    const ledger = await GitProofLedger.open(repo);
    const run = await ledger.startRun('r1', base);
    await ledger.recordCandidate(run, verifiedCandidate(repo));
    expect(await applyRun(ledger, 'r1', { acceptSpecChange: false })).toMatchObject({ status: 'applied' });
    writeFileSync(path.join(repo, 'README.md'), 'not Verus\n');
    git(repo, 'add', 'README.md');
    git(repo, 'commit', '-q', '-m', 'a readme');
  });

  it('passes on a history whose Verus changes came from apply', async () => {
    const run = await runCli(['audit', '--repo', repo, '--since', base, '--require-verified'], createFakeSetup('run-never-called').environment);
    expect(run.exitCode, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^audit since [0-9a-f]{40} \([0-9a-f]{10}\): 2 commit\(s\), 1 changed Verus sources\n {2}[0-9a-f]{10} verified: applied from run r1 \(candidate [0-9a-f]{10}\) \(src\/lib\.rs\) "verus-repair: apply verified proof from run r1"$/);
  }, 60_000);

  it('fails on a hand-edited proof commit, naming it; --reverify passes it when it verifies now', async () => {
    writeFileSync(path.join(repo, 'src', 'lib.rs'), PROVED.replace('assert(x < 100);', 'assert(x < 100); // by hand\n    assert(x + 1 > x);'));
    git(repo, 'commit', '-q', '-am', 'tweak the proof by hand');
    handEdit = git(repo, 'rev-parse', 'HEAD');
    const never = createFakeSetup('run-never-called');
    const run = await runCli(['audit', '--repo', repo, '--since', base, '--require-verified'], never.environment);
    expect(run.exitCode).toBe(1);
    expect(run.stdout).toContain(`  ${handEdit.slice(0, 10)} NOT VERIFIED: not made by \`verus-repair apply\` (no Applied-From and Run-Id trailers): a hand edit (src/lib.rs) "tweak the proof by hand"`);
    expect(run.stdout).toContain(`1 commit(s) since ${base} changed Verus sources without a recorded verified candidate (--reverify verifies them now): ${handEdit.slice(0, 10)}`);
    const json = await runCli(['audit', '--repo', repo, '--since', base, '--require-verified', '--json'], never.environment);
    expect(JSON.parse(json.stdout)).toMatchObject({ ok: false, audits: [{ provenance: { status: 'applied' } }, { commit: handEdit, provenance: { status: 'unverified' } }] });
    expect(never.readInvocations()).toEqual([]);

    const verified = await runCli(['audit', '--repo', repo, '--since', base, '--require-verified', '--reverify'], createFakeSetup('run-local-crate-verified').environment);
    expect(verified.exitCode, verified.stdout + verified.stderr).toBe(0);
    expect(verified.stdout).toContain(`  ${handEdit.slice(0, 10)} verified now: the crate verified (src/lib.rs)`);
    const failed = await runCli(['audit', '--repo', repo, '--since', base, '--require-verified', '--reverify'], createFakeSetup('run-local-crate-failed').environment);
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout).toContain(`  ${handEdit.slice(0, 10)} NOT VERIFIED: not made by`);
    expect(failed.stdout).toMatch(/verified again now: the crate: failed/);
  }, 120_000);

  it('a bad ref is exit 2 naming it; --require-verified without --since is exit 2', async () => {
    const bad = await runCli(['audit', '--repo', repo, '--since', 'nope', '--require-verified'], createFakeSetup('run-never-called').environment);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toMatch(/^verus-repair: --since nope: no such commit in the repository at /);
    const alone = await runCli(['audit', '--repo', repo, '--require-verified'], createFakeSetup('run-never-called').environment);
    expect(alone.exitCode).toBe(2);
    expect(alone.stderr).toContain('--require-verified needs --since REF');
  }, 60_000);
});
