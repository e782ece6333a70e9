import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { afterEach, describe, expect, it } from 'vitest';
import { BROKEN, DECOY_KEY, INSTRUCTOR_ADVICE, REFERENCE, createRepairWorld, editorReply, instructorReply, ledgerMessages, type RepairWorld } from './repair/repair-world.js';
import { runRepairInWorld } from './repair/run-repair-in-world.js';
import { runCliInProcess } from './run-cli-in-process.js';
import { runCli, startCli } from './fakes/run-cli.js';
import { FAKE_BIN_DIR } from './fakes/fake-environment.js';
import { GitProofLedger } from '../src/ledger/git-proof-ledger.js';
import { reverifyRun } from '../src/repair/reverify/reverify-run.js';
import { loadVerifierConfig } from '../src/verifier/config/read-verifier-config.js';
import { createVerifier } from '../src/verification/create-verifier.js';

/** How a verdict of the fake cargo-verus is labelled: the program cargo ran and the version its document reported. */
const FAKE_PROGRAM = `local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}`;
const FAKE_CARGO_VERUS = `${FAKE_PROGRAM}, Verus fake`;
const WEAK = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n');
const CHEAT = BROKEN.replace('        let mid = lo + (hi - lo) / 2;', '        proof { assume(sorted(v@)); }\n        let mid = lo + (hi - lo) / 2;');
const SYNTAX_ERROR = BROKEN.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len() +,\n');

let world: RepairWorld | null = null;
afterEach(async () => {
  await world?.close();
  world = null;
});

describe('verus-repair repair, end to end (fake model server, fake cargo-verus, real git and cargo)', () => {
  it('repairs with auto feedback, records every candidate with trailers, and leaves the user tree untouched', async () => {
    world = await createRepairWorld();
    const before = world.workingTreeDigest();
    world.server.script(editorReply([WEAK]), instructorReply(), editorReply([REFERENCE]));
    // No pruning here: the fake replays spans computed on the broken file, which shift in edited candidates.
    const cassette = path.join(world.repoDir, '..', 'cassette.jsonl');
    const { outcome, events } = await runRepairInWorld(world, { houdiniRounds: 0, record: cassette });
    expect(outcome.outcome).toBe('verified');
    expect(world.verifierCalls()).toBe(3);
    const messages = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(messages.map((message) => /Proof-Result: (\S+)/.exec(message)?.[1])).toEqual(['failed', 'failed', 'verified']);
    const last = messages[2] ?? '';
    expect(last).toMatch(/^Source-SHA256: [0-9a-f]{64}$/m);
    expect(last).toMatch(/^Verus-Version: fake$/m);
    expect(last).toMatch(/^Model: e2e-model$/m);
    // Who produced the verdict and where the answers came from, never "real": the fake on PATH, reporting `fake`.
    expect(last).toContain(`\nVerifier: ${FAKE_CARGO_VERUS}\n`);
    expect(last).toMatch(new RegExp(`^Model-Origin: endpoint http://127\\.0\\.0\\.1:\\d+\\S*, recorded to ${cassette}$`, 'm'));
    // Every verdict, failed or verified, names the fake and the version its root document reported.
    expect(outcome.report.verifierOrigins.map((entry) => entry.description)).toEqual([FAKE_CARGO_VERUS]);
    expect(outcome.report.modelOrigin.origin).toMatchObject({ kind: 'endpoint', recordingTo: cassette });
    const markdown = readFileSync(outcome.reportFiles.find((file) => file.endsWith('.md')) ?? '', 'utf8');
    expect(markdown).toContain(`- verifier: ${outcome.report.verifierOrigins.map((entry) => entry.description).join('; ')}\n`);
    expect(markdown).not.toMatch(/\breal\b/);
    const log = await runCliInProcess('log', '--repo', world.repoDir, 'e2e-run');
    expect(log.stdout.split('\n').filter((line) => /^\d+ /.test(line)).every((line) => line.includes(FAKE_CARGO_VERUS) && line.includes(`recorded to ${cassette}`))).toBe(true);
    expect(last).toMatch(/^Feedback-Level: auto$/m);
    expect(last).toMatch(/^Iteration: 2$/m);
    expect(last).toMatch(/^Guard: accept$/m);
    expect(last).toMatch(/^Verifier-Args: \["cargo","verus","verify"/m);
    expect(last).toMatch(/^Rlimit-Used: \d+$/m);
    expect(messages[1]).toMatch(/^Errors: invariant-end-of-loop-body=1$/m);
    const editorSecond = JSON.stringify(world.server.requests[2]?.body['messages']);
    expect(editorSecond).toContain(INSTRUCTOR_ADVICE.split(',')[0]);
    const instructorMessages = world.server.requests[1]?.body['messages'] as unknown[];
    expect(instructorMessages).toHaveLength(2);
    expect(events.map((event) => event.type)).toContain('instructor-advice');
    expect(world.workingTreeDigest()).toBe(before);
    const notes = await simpleGit(world.repoDir).raw(['log', '--notes=verus-repair', '--format=%N', 'verus-repair/e2e-run']);
    expect(notes).not.toContain(DECOY_KEY);
    expect(readFileSync(cassette, 'utf8')).not.toContain(DECOY_KEY);
    // Notes name the cassette lines of the editor exchange behind each candidate (line 2 is the instructor's).
    const noteLines = notes.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { cassetteLines: number[] | null }).cassetteLines);
    expect(noteLines).toEqual([[3], [1], null]);
    // Each verified candidate's note lists its functions with the time and rlimit use Verus reported; their sum is the trailer.
    const lastNote = JSON.parse(notes.split('\n').filter((line) => line.startsWith('{')).at(0) ?? '{}') as { report: { functions: Array<{ rlimit: number | null }> } };
    expect(lastNote.report.functions.length).toBeGreaterThan(0);
    expect(String(lastNote.report.functions.reduce((total, outcome) => total + (outcome.rlimit ?? 0), 0))).toBe(/^Rlimit-Used: (\d+)$/m.exec(last)?.[1]);
    expect((await simpleGit(world.repoDir).status()).isClean()).toBe(true);
    const audit = await runCliInProcess('audit', '--repo', world.repoDir, 'e2e-run');
    expect(audit.exitCode).toBe(0);
  });

  it('a run answered from the cache says whose verdicts the cache holds (never a label of its own)', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]), editorReply([REFERENCE]));
    await runRepairInWorld(world, { iterations: 1, feedbackLevel: 'none' });
    expect(world.verifierCalls()).toBe(2);
    // Same crate, same candidate: both verdicts of the second run come from the cache the fake's runs filled.
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, feedbackLevel: 'none', runId: 'e2e-cached' });
    expect(world.verifierCalls()).toBe(2);
    const descriptions = outcome.report.verifierOrigins.map((entry) => entry.description);
    expect(descriptions).toEqual([`cache of ${FAKE_CARGO_VERUS}`]);
    expect(events).toContainEqual(expect.objectContaining({ type: 'run-finished', verifierOrigins: expect.arrayContaining([{ kind: 'cache', of: expect.objectContaining({ kind: 'local', verusVersion: 'fake' }) }]) }));
    const messages = await ledgerMessages(world.repoDir, 'e2e-cached');
    expect(messages).toHaveLength(2);
    expect(messages.every((message) => message.includes(`\nVerifier: cache of ${FAKE_CARGO_VERUS}\n`))).toBe(true);
    const html = readFileSync(outcome.reportFiles.find((file) => file.endsWith('.html')) ?? '', 'utf8');
    expect(html).toContain(`verifier: ${descriptions.join('; ')} · model: ${outcome.report.modelOrigin.description}`);
  });

  it('answers an identical candidate without calling the verifier, and stops on the iteration budget', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([BROKEN]));
    const { outcome, events } = await runRepairInWorld(world, { iterations: 1, feedbackLevel: 'none' });
    expect(outcome).toMatchObject({ outcome: 'not-verified', stopReason: expect.stringContaining('iteration budget') });
    expect(world.verifierCalls()).toBe(1);
    expect(events).toContainEqual(expect.objectContaining({ type: 'candidate-skipped', reason: 'identical' }));
  });

  it('rejects a cheating candidate before cargo or Verus, and tells the editor which rule it broke', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([CHEAT]), editorReply([REFERENCE]));
    const { outcome } = await runRepairInWorld(world, { feedbackLevel: 'generic' });
    expect(outcome.outcome).toBe('verified');
    expect(world.verifierCalls()).toBe(2);
    const messages = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(messages[1]).toMatch(/^Proof-Result: guard-rejected$/m);
    expect(messages[1]).toMatch(/^Guard: reject: cheat-construct-added$/m);
    expect(JSON.stringify(world.server.requests[1]?.body['messages'])).toContain('REJECTED before verification');
  });

  it('records a pre-check failure (the verus! macro rejects the ghost syntax) without running Verus', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([SYNTAX_ERROR]));
    const { outcome } = await runRepairInWorld(world, { iterations: 1 });
    expect(outcome.outcome).toBe('not-verified');
    expect(world.verifierCalls()).toBe(1);
    const messages = await ledgerMessages(world.repoDir, 'e2e-run');
    expect(messages[1]).toMatch(/^Proof-Result: precheck-failed$/m);
  });

  it('stops cleanly when the token budget is exhausted, and apply refuses the unverified run', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([WEAK], { prompt_tokens: 5000, completion_tokens: 500 }), instructorReply());
    const { outcome } = await runRepairInWorld(world, { maxTokens: 4000 });
    expect(outcome).toMatchObject({ outcome: 'not-verified', stopReason: expect.stringContaining('token budget') });
    expect(world.server.remainingSteps()).toBe(0);
    const apply = await runCliInProcess('apply', '--repo', world.repoDir, 'e2e-run');
    expect(apply.exitCode).toBe(1);
    expect(apply.stderr).toContain('no verified candidate');
    expect(readFileSync(path.join(world.crateDir, 'src', 'lib.rs'), 'utf8')).toBe(BROKEN);
  });

  it('audit detects an amended ledger commit and an edited note', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    await runRepairInWorld(world);
    const git = simpleGit(world.repoDir);
    const [first] = (await git.raw(['rev-list', '--reverse', 'verus-repair/e2e-run'])).trim().split('\n').slice(1);
    const note = await git.raw(['notes', '--ref=refs/notes/verus-repair', 'show', first ?? '']);
    await git.raw(['notes', '--ref=refs/notes/verus-repair', 'add', '-f', '-m', note.replace('"proofResult":"failed"', '"proofResult":"verified"'), first ?? '']);
    const worktree = simpleGit(path.join(world.repoDir, '.verus-repair', 'worktrees', 'e2e-run'));
    await worktree.raw(['commit', '--amend', '-q', '-m', 'tampered', '--allow-empty']);
    const audit = await runCliInProcess('audit', '--repo', world.repoDir, 'e2e-run', '--json');
    expect(audit.exitCode).toBe(1);
    const rules = (JSON.parse(audit.stdout) as { runs: Array<{ findings: Array<{ rule: string }> }> }).runs[0]?.findings.map((finding) => finding.rule);
    expect(rules).toEqual(expect.arrayContaining(['missing-note', 'note-edited', 'trailer-mismatch']));
  });
});

describe('verus-repair repair on a dirty working tree', () => {
  it('snapshots uncommitted changes into the run base and leaves them in place', async () => {
    world = await createRepairWorld();
    const dirty = `${BROKEN}// work in progress, not committed\n`;
    writeFileSync(path.join(world.crateDir, 'src', 'lib.rs'), dirty);
    const before = world.workingTreeDigest();
    world.server.script(editorReply([REFERENCE]));
    await runRepairInWorld(world, { iterations: 1 });
    const git = simpleGit(world.repoDir);
    const base = (await git.raw(['rev-parse', 'refs/verus-repair/base/e2e-run'])).trim();
    expect(base).not.toBe((await git.revparse(['HEAD'])).trim());
    expect(await git.show([`${base}:binary-search/src/lib.rs`])).toBe(dirty);
    expect(world.workingTreeDigest()).toBe(before);
    expect((await git.status()).modified).toEqual(['binary-search/src/lib.rs']);
  });
});

describe('verus-repair audit --reverify', () => {
  it('re-verifies every verified commit without the cache and reports a changed verdict', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([REFERENCE]));
    await runRepairInWorld(world);
    const ledger = await GitProofLedger.open(world.repoDir);
    const { config } = await loadVerifierConfig(world.repoDir);
    const verifier = await createVerifier(config, world.environment);
    const options = { rlimit: 10, expandErrors: false, noCheating: false, timeoutMs: 60_000, extraVerusArgs: [] };
    const calls = world.verifierCalls();
    expect(await reverifyRun(ledger, 'e2e-run', verifier, options)).toEqual({ checked: 1, findings: [], stability: [] });
    expect(world.verifierCalls()).toBe(calls + 1);
    // The verifier now disagrees with the recorded verdict (e.g. a different toolchain): reported.
    const scenarioFile = path.join(world.scenarioDir, 'scenario.json');
    writeFileSync(scenarioFile, readFileSync(scenarioFile, 'utf8').replace('"verified.stdout"', '"failed.stdout"').replace('"exitCode": 0', '"exitCode": 1'));
    const { findings } = await reverifyRun(ledger, 'e2e-run', verifier, options);
    expect(findings).toEqual([expect.objectContaining({ rule: 'reverify-mismatch', message: expect.stringContaining('failed') })]);
  });
});

describe('verus-repair repair --resume', () => {
  it('resumes a killed run from its ledger: nothing checked is lost and iterations continue', async () => {
    world = await createRepairWorld();
    world.server.script(editorReply([WEAK]), { kind: 'hang' });
    const child = startCli(['repair', world.crateDir, '--iterations', '3', '--houdini-rounds', '0'], world.environment);
    const ledger = await GitProofLedger.open(world.repoDir);
    await waitFor(async () => world !== null && world.server.requests.length >= 2 && (await ledger.listRuns()).length === 1);
    child.kill('SIGKILL');
    await child;
    const [runId] = await ledger.listRuns();
    expect((await ledger.readRun(runId ?? '')).map((commit) => commit.trailers.get('Proof-Result'))).toEqual(['failed', 'failed']);

    world.server.script(editorReply([REFERENCE]));
    const resumed = await runCli(['repair', world.crateDir, '--resume', runId ?? ''], world.environment);
    expect(resumed.exitCode).toBe(0);
    expect(resumed.stdout).toContain('resuming after iteration 1');
    const commits = await ledger.readRun(runId ?? '');
    expect(commits.map((commit) => [commit.trailers.get('Iteration'), commit.trailers.get('Proof-Result')])).toEqual([['0', 'failed'], ['1', 'failed'], ['2', 'verified']]);
    expect(world.verifierCalls()).toBe(3);
  }, 120_000);
});

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the run to reach the instructor');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
