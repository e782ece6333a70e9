import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_BIN_DIR } from '../fakes/fake-environment.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { auditReview } from '../../src/review/record/audit-review.js';
import { readReviewRecords } from '../../src/review/record/read-review-records.js';
import { recordReview } from '../../src/review/record/record-review.js';
import { reverifyReviewSurvivors } from '../../src/review/reverify-review-survivors.js';
import { runCli } from '../fakes/run-cli.js';
import { buildReviewTrailers, REVIEW_NOTES_REF, type ReviewNote } from '../../src/review/record/review-record.js';
import { describeVerdictOrigin, type VerdictOrigin } from '../../src/core/verdict-origin.js';
import type { Verifier } from '../../src/core/verifier.js';
import { renderReviewMarkdown } from '../../src/review/report/render-review-markdown.js';
import { renderReviewSarif } from '../../src/review/report/render-review-sarif.js';
import { MUTATION_OPERATOR_NAMES } from '../../src/review/mutation-operator.js';
import { reviewCrate } from '../../src/review/review-crate.js';
import type { ReviewResult } from '../../src/review/review-result.js';
import { compileSarifSchema } from './compile-sarif-schema.js';
import { copyReviewFixture } from './review-fixture-crate.js';
import { createSyntheticReviewServices } from './synthetic-review-services.js';

afterAll(removeTemporaryDirectories);

async function review(name: string, jobs = 1): Promise<{ review: ReviewResult; crate: string; oracleCalls: number }> {
  const crate = copyReviewFixture(name);
  const { services, fake } = await createSyntheticReviewServices(crate);
  const outcome = await reviewCrate({ id: `test-${name}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs, vacuity: true }, services);
  if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
  return { review: outcome.review, crate, oracleCalls: fake.readInvocations().filter((call) => call.tool === 'cargo-verus').length };
}

function statuses(result: ReviewResult): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const entry of result.mutants) counts[entry.verdict.status] = (counts[entry.verdict.status] ?? 0) + 1;
  return counts;
}

function survivors(result: ReviewResult): string[] {
  return result.mutants.filter((entry) => entry.verdict.status === 'survived').map((entry) => `${entry.mutant.operator} ${entry.mutant.line}: ${entry.mutant.original} -> ${entry.mutant.replacement}`);
}

// The counts below are real for the cargo stages (erased build and tests ran) and synthetic for the
// Verus stage: the fake cargo-verus answers from each fixture's hand-written review-oracle.json.
describe('review on the weak/strong fixture twins (synthetic verifier verdicts)', () => {
  const results = new Map<string, Awaited<ReturnType<typeof review>>>();
  beforeAll(async () => {
    for (const name of ['review-search-weak', 'review-search-strong', 'review-max-weak', 'review-max-strong', 'review-vacuity']) results.set(name, await review(name));
  }, 240_000);

  it('weak search: the four behaviours the tests miss and the spec admits survive', () => {
    const { review: result } = results.get('review-search-weak')!;
    // Every verdict came from the fake cargo-verus on PATH (the original's and each mutant's alike), and the review says so.
    expect(result.origins).toEqual([{ kind: 'local', tool: 'cargo-verus', program: path.join(FAKE_BIN_DIR, 'cargo-verus'), verusVersion: 'fake' }]);
    expect(statuses(result)).toEqual({ survived: 4, 'killed-by-verus': 1, 'killed-by-tests': 1 });
    expect(survivors(result)).toEqual(['relational-operator 14: == -> !=', 'constant 13: 0 -> 1', 'negate-condition 14: v[i] == key -> !(v[i] == key)', 'return-value 15: Some(i) -> None']);
    expect(result.functions[0]).toMatchObject({ function: 'find', mutants: 6, mutationScore: 2 / 6, vacuityFindings: 0 });
    expect(result.findings).toBe(4);
  });

  it('strong search: the same mutants are all killed, by the tests or by Verus', () => {
    const { review: result } = results.get('review-search-strong')!;
    expect(statuses(result)).toEqual({ 'killed-by-verus': 5, 'killed-by-tests': 1 });
    expect(result.functions[0]).toMatchObject({ mutationScore: 1, settledBeforeVerus: 1 / 6 });
    expect(result.findings).toBe(0);
  });

  it('weak max index: ensures that do not say which largest index let > become >= (the last one) survive', () => {
    const { review: result } = results.get('review-max-weak')!;
    expect(statuses(result)).toEqual({ survived: 1, 'killed-by-verus': 2, 'killed-by-tests': 8 });
    expect(survivors(result)).toEqual(['relational-operator 23: > -> >=']);
    expect(result.functions[0]).toMatchObject({ function: 'max_index', mutants: 11, mutationScore: 10 / 11 });
    expect(result.functions[0]?.settledBeforeVerus).toBeCloseTo(8 / 11);
    expect(result.findings).toBe(1);
  });

  it('strong max index: the first largest index is specified, so no mutant survives', () => {
    const { review: result } = results.get('review-max-strong')!;
    expect(statuses(result)).toEqual({ 'killed-by-verus': 3, 'killed-by-tests': 8 });
    expect(survivors(result)).toEqual([]);
    expect(result.functions[0]).toMatchObject({ function: 'max_index', mutants: 11, mutationScore: 1 });
    expect(result.findings).toBe(0);
  });

  it('flags contradictory requires and ensures that ignore the result, and nothing on the twins', () => {
    const vacuous = (name: string) => results.get(name)!.review.vacuity.filter((entry) => entry.verdict === 'vacuous').map((entry) => `${entry.probe.function} ${entry.probe.kind}`);
    expect(vacuous('review-vacuity')).toEqual(['clamp_small contradictory-requires', 'increment ensures-ignore-result', 'lemma_small_and_large contradictory-requires']);
    for (const name of ['review-search-weak', 'review-search-strong', 'review-max-weak', 'review-max-strong']) expect(vacuous(name)).toEqual([]);
    const probes = results.get('review-max-strong')!.review.vacuity.map((entry) => `${entry.probe.kind}:${entry.verdict}`);
    expect(probes).toEqual(['contradictory-requires:sound', 'ensures-ignore-result:sound', 'unreachable-code:sound', 'unreachable-code:sound']);
    // Under contradictory requires every mutant verifies: clamp_small's only mutant survives.
    expect(survivors(results.get('review-vacuity')!.review)).toEqual(['return-value 15: x -> 0']);
  });

  it('names the origin of every verdict: mutants answered by another verifier than the original are listed too', async () => {
    const crate = copyReviewFixture('review-search-weak');
    const { services } = await createSyntheticReviewServices(crate);
    const inner = services.verifier;
    // The original's check is answered by "another" runner; the mutants by the fake cargo-verus on PATH.
    const other: VerdictOrigin = { kind: 'docker', image: 'verus-repair/verus', digest: `sha256:${'c'.repeat(64)}`, verusVersion: '0.2026.06.07.cd03505' };
    let calls = 0;
    const verifier: Verifier = { runner: 'local', verify: async (target, options, signal) => {
      const result = await inner.verify(target, options, signal);
      return (calls += 1) === 1 ? { ...result, origin: other } : result;
    } };
    const outcome = await reviewCrate({ id: 'two-origins', crateDir: crate, file: null, functions: [], operators: ['relational-operator'], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, { ...services, verifier });
    if (outcome.kind !== 'reviewed') throw new Error(outcome.message);
    expect(calls).toBeGreaterThan(1);
    const fake = `local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus fake`;
    expect(outcome.review.origins.map(describeVerdictOrigin)).toEqual([`docker verus-repair/verus@sha256:${'c'.repeat(64)}, Verus 0.2026.06.07.cd03505`, fake]);
    expect(buildReviewTrailers(outcome.review)).toContainEqual(['Verifier', `docker verus-repair/verus@sha256:${'c'.repeat(64)}, Verus 0.2026.06.07.cd03505; ${fake}`]);
  }, 120_000);

  it('counts a stillborn mutant from the real erased build', async () => {
    // rustc rejects `v[0 - 1]` (arithmetic_overflow is deny-by-default): found by cargo build, never sent to Verus.
    const source = readFileSync(path.resolve('rust-fixtures/review-max-weak/src/lib.rs'), 'utf8').replace('if v[i] > v[best] {', 'if v[i] > v[best] && v[i] >= v[0] {');
    expect(source).toContain('v[0] {');
    const crate = copyReviewFixture('review-max-weak', { source });
    const { services, fake } = await createSyntheticReviewServices(crate, 'run-never-called');
    const outcome = await reviewCrate({ id: 'stillborn', crateDir: crate, file: null, functions: [], operators: ['index-shift'], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, { ...services, verifier: { runner: 'local', verify: async () => ({ status: 'verified', functions: [], diagnostics: [], toolchain: { verusVersion: null, pinHash: null, imageDigest: null }, command: [], wallTimeMs: 0, origin: { kind: 'recorded', source: 'inline', synthetic: true } }) } });
    expect(outcome.kind).toBe('reviewed');
    if (outcome.kind !== 'reviewed') return;
    const shifted = outcome.review.mutants.find((entry) => entry.mutant.replacement === '0 - 1');
    expect(shifted?.verdict).toMatchObject({ status: 'stillborn', settledBy: 'build', detail: 'this arithmetic operation will overflow' });
    expect(fake.readInvocations()).toEqual([]);
  });

  it('writes SARIF 2.1.0 that the official schema accepts, one result per finding, at the spec clause', () => {
    const validate = compileSarifSchema();
    for (const [name, { review: result }] of results) {
      const sarif = renderReviewSarif(result) as { runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }>; relatedLocations: Array<{ physicalLocation: { region: { startLine: number } } }> }> }> };
      expect(validate(sarif), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true);
      expect(sarif.runs[0]?.results.length).toBe(result.findings);
    }
    const weak = renderReviewSarif(results.get('review-search-weak')!.review) as { runs: Array<{ results: Array<{ ruleId: string; locations: Array<{ physicalLocation: { region: { startLine: number } } }>; relatedLocations: Array<{ physicalLocation: { region: { startLine: number } } }> }> }> };
    const first = weak.runs[0]!.results[0]!;
    expect(first.ruleId).toBe('surviving-mutant');
    expect(first.locations[0]!.physicalLocation.region.startLine).toBe(10); // the ensures keyword of find
    expect(first.relatedLocations[0]!.physicalLocation.region.startLine).toBe(14); // the mutated comparison
    const vacuity = renderReviewSarif(results.get('review-vacuity')!.review) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(vacuity.runs[0]!.results.map((entry) => entry.ruleId)).toEqual(['surviving-mutant', 'contradictory-requires', 'ensures-ignore-result', 'contradictory-requires']);
  });

  it('renders Markdown for a pull request, naming the binary behind the verdicts, with each survivor and its diff', () => {
    const markdown = renderReviewMarkdown(results.get('review-search-weak')!.review);
    expect(markdown).toContain(`Verifier: local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus fake.`);
    expect(markdown).not.toMatch(/\breal\b/);
    expect(markdown).toContain('| `find` | 6 | 0 | 1 | 0 | 1 | 4 | 0 | 0 | 33% | 17% | 0 |');
    expect(markdown).toContain('-        if v[i] == key {\n+        if v[i] != key {');
  });

  it('records the review in git: a commit on its own branch with trailers and a note listing every mutant', async () => {
    const { review: result, crate } = results.get('review-search-weak')!;
    execFileSync('git', ['init', '-q', crate]);
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'base']);
    writeFileSync(path.join(crate, 'untracked.txt'), 'not reviewed');
    const recording = await recordReview(result);
    expect(recording.ref).toBe('refs/heads/verus-repair/review-test-review-search-weak');
    const message = execFileSync('git', ['-C', crate, 'log', '-1', '--format=%B', recording.ref!], { encoding: 'utf8' });
    for (const trailer of ['Review-Id: test-review-search-weak', `Source-SHA256: ${result.sourceSha256}`, 'Mutants: 6', 'Stillborn: 0', 'Killed-By-Tests: 1', 'Killed-By-Verus: 1', 'Survived: 4', 'Timed-Out: 0', 'Mutation-Score: 0.333', 'Vacuity: none', 'Verus-Version: fake']) expect(message).toContain(trailer);
    const tree = execFileSync('git', ['-C', crate, 'ls-tree', '-r', '--name-only', recording.ref!], { encoding: 'utf8' });
    expect(tree.trim().split('\n')).toEqual(['Cargo.lock', 'Cargo.toml', 'src/lib.rs']);
    const note = JSON.parse(execFileSync('git', ['-C', crate, 'notes', `--ref=${REVIEW_NOTES_REF}`, 'show', recording.ref!], { encoding: 'utf8' })) as ReviewNote;
    expect(note.mutants.map((mutant) => [mutant.id, mutant.verdict, mutant.settledBy])).toEqual(result.mutants.map((entry) => [entry.mutant.id, entry.verdict.status, entry.verdict.settledBy]));
    expect(note.mutants.every((mutant) => /^[0-9a-f]{64}$/.test(mutant.sourceSha256))).toBe(true);
    expect(execFileSync('git', ['-C', crate, 'status', '--porcelain'], { encoding: 'utf8' })).toContain('untracked.txt');

    // audit regenerates every mutant from the record's tree and confirms its hash; log lists the review.
    const [record] = await readReviewRecords(crate);
    expect(record?.reviewId).toBe('test-review-search-weak');
    expect(await auditReview(crate, record!)).toEqual([]);
    const log = await runCli(['log', '--reviews', '--repo', crate], { PATH: process.env['PATH'] ?? '' });
    expect(log.stdout.split('\n')).toContain(`review ${record!.reviewId} ${record!.commit.slice(0, 10)}: 6 mutants, 4 survived, score 0.333, vacuity none; verifier: local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus fake`);
    expect(message.split('\n').find((line) => line.startsWith('Verifier: '))).toBe(`Verifier: local cargo-verus at ${path.join(FAKE_BIN_DIR, 'cargo-verus')}, Verus fake`);
    expect(message).not.toContain('Provenance:');
    const audit = await runCli(['audit', '--reviews', '--repo', crate], { PATH: process.env['PATH'] ?? '' });
    expect(audit.exitCode, audit.stderr).toBe(0);
    expect(audit.stdout).toBe('review test-review-search-weak: audit passed');
    const tampered = { ...note, mutants: note.mutants.map((mutant, index) => (index === 1 ? { ...mutant, sourceSha256: '0'.repeat(64) } : mutant)) };
    expect(await auditReview(crate, { ...record!, note: tampered })).toEqual([{ rule: 'note-edited', message: expect.stringContaining('does not match its Note-SHA256 trailer') }, { rule: 'mutant-mismatch', message: expect.stringContaining('m2: recorded constant 13:14 000000000000, regenerated constant 13:14') }]);
    expect(await auditReview(crate, { ...record!, trailers: new Map([...record!.trailers, ['Survived', '0']]) })).toEqual([{ rule: 'trailer-mismatch', message: 'trailer Survived is 0, the note says 4' }]);
    // Two mutants' verdicts swapped in the note keep every count the trailers state: only the note's digest tells.
    expect(message).toMatch(/^Note-SHA256: [0-9a-f]{64}$/m);
    const [survivor, killed] = [note.mutants.findIndex((mutant) => mutant.verdict === 'survived'), note.mutants.findIndex((mutant) => mutant.verdict === 'killed-by-verus')];
    const swapped = { ...note, mutants: note.mutants.map((mutant, index) => (index === survivor ? { ...mutant, verdict: note.mutants[killed]!.verdict, settledBy: note.mutants[killed]!.settledBy } : index === killed ? { ...mutant, verdict: note.mutants[survivor]!.verdict, settledBy: note.mutants[survivor]!.settledBy } : mutant)) };
    writeFileSync(path.join(path.dirname(crate), 'swapped-note.json'), JSON.stringify(swapped, null, 2));
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'notes', `--ref=${REVIEW_NOTES_REF}`, 'add', '-f', '-F', path.join(path.dirname(crate), 'swapped-note.json'), record!.commit]);
    const swappedAudit = await runCli(['audit', '--reviews', '--repo', crate], { PATH: process.env['PATH'] ?? '' });
    expect(swappedAudit.exitCode).not.toBe(0);
    expect(`${swappedAudit.stdout}${swappedAudit.stderr}`).toContain('does not match its Note-SHA256 trailer');
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'notes', `--ref=${REVIEW_NOTES_REF}`, 'add', '-f', '-m', JSON.stringify(note, null, 2), record!.commit]);

    // --reverify: the four survivors verify again from the record alone; a survivor the verifier now rejects is reported.
    const { services, fake } = await createSyntheticReviewServices(crate);
    expect(await reverifyReviewSurvivors(crate, record!, services)).toEqual([]);
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus')).toHaveLength(4);
    const strongOracle = await createSyntheticReviewServices(crate, 'review-oracle', path.join(path.dirname(crate), 'strong-oracle'));
    mkdirSync(path.join(path.dirname(crate), 'strong-oracle', 'review-search-weak', 'src'), { recursive: true });
    writeFileSync(path.join(path.dirname(crate), 'strong-oracle', 'review-search-weak', 'src', 'lib.rs'), readFileSync(path.resolve('rust-fixtures/review-search-weak/src/lib.rs'), 'utf8'));
    const oracle = JSON.parse(readFileSync(path.resolve('rust-fixtures/review-search-weak/review-oracle.json'), 'utf8')) as { functions: { find: { verifies: string[]; fails: Array<{ key: string; message: string }> } } };
    const changed = { ...oracle, functions: { find: { verifies: oracle.functions.find.verifies.slice(1), fails: [...oracle.functions.find.fails, { key: oracle.functions.find.verifies[0]!, message: 'invariant not satisfied before loop' }] } } };
    writeFileSync(path.join(path.dirname(crate), 'strong-oracle', 'review-search-weak', 'review-oracle.json'), JSON.stringify(changed));
    expect(await reverifyReviewSurvivors(crate, record!, strongOracle.services)).toEqual([{ rule: 'reverify-mismatch', message: 'm2 was recorded as survived, but now: failed' }]);
  });

  it('--against REF: a weakened postcondition fails its entailment lemma, and new trusted assumptions are listed', async () => {
    const crate = copyReviewFixture('review-search-strong');
    execFileSync('git', ['init', '-q', crate]);
    execFileSync('git', ['-C', crate, 'add', '.']);
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '-m', 'strong spec']);
    const strong = readFileSync(path.join(crate, 'src', 'lib.rs'), 'utf8');
    const weakened = strong
      .replace('        r is None ==> forall|j: int| 0 <= j < v.len() ==> v@[j] != key,\n', '')
      .replace('} // verus!', '#[verifier::external_body]\npub fn now() -> u64 {\n    0\n}\n\n} // verus!');
    expect(weakened).not.toBe(strong);
    writeFileSync(path.join(crate, 'src', 'lib.rs'), weakened);
    // This test's own oracle: the weakened crate verifies as it is; no entailment is predicted to hold.
    const oracleRoot = path.join(path.dirname(crate), 'oracle');
    mkdirSync(path.join(oracleRoot, 'review-search-strong', 'src'), { recursive: true });
    writeFileSync(path.join(oracleRoot, 'review-search-strong', 'src', 'lib.rs'), weakened);
    writeFileSync(path.join(oracleRoot, 'review-search-strong', 'review-oracle.json'), JSON.stringify({ origin: 'synthetic', functions: {}, entailmentHolds: [] }));
    const { services, fake } = await createSyntheticReviewServices(crate, 'review-oracle', oracleRoot);
    const outcome = await reviewCrate({ id: 'against', crateDir: crate, file: null, functions: ['find'], operators: [], maxMutants: null, seed: 1, jobs: 1, vacuity: false, against: 'HEAD' }, services);
    if (outcome.kind !== 'reviewed') throw new Error(outcome.message);
    expect(outcome.review.entailment).toEqual([
      {
        function: 'find', file: 'src/lib.rs', line: 8, direction: 'ensures', verdict: 'fails',
        oldClauses: ['r matches Some(i) ==> i < v.len() && v@[i as int] == key', 'r is None ==> forall|j: int| 0 <= j < v.len() ==> v@[j] != key'],
        newClauses: ['r matches Some(i) ==> i < v.len() && v@[i as int] == key'],
        origin: expect.objectContaining({ kind: 'local', tool: 'cargo-verus' }),
      },
    ]);
    expect(outcome.review.findings).toBe(1);
    expect(outcome.review.trustedAdded?.map((entry) => `${entry.kind} ${entry.item}`)).toEqual(['external-body now']);
    expect(fake.readInvocations().filter((call) => call.tool === 'cargo-verus').map((call) => call.argv.slice(-1)[0])).toContain('review_entails_ensures_find');
    const sarif = renderReviewSarif(outcome.review) as { runs: Array<{ results: Array<{ ruleId: string; message: { text: string } }> }> };
    expect(sarif.runs[0]!.results.map((result) => result.ruleId)).toEqual(['postcondition-weakened']);
    expect(renderReviewMarkdown(outcome.review)).toContain('- **fails**: `find` new ensures ⟹ old ensures');
  }, 60_000);
});
