import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import AjvDraft04 from 'ajv-draft-04';
import { simpleGit } from 'simple-git';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAiServer, type FakeOpenAiServer, type RecordedRequest } from '../fake-openai-server.js';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { renderReviewHtml } from '../../src/review/report/render-review-html.js';
import { renderReviewMarkdown } from '../../src/review/report/render-review-markdown.js';
import { renderReviewSarif } from '../../src/review/report/render-review-sarif.js';
import { renderReviewText } from '../../src/review/report/render-review-text.js';
import { auditReview } from '../../src/review/record/audit-review.js';
import { readReviewRecords } from '../../src/review/record/read-review-records.js';
import { recordReview } from '../../src/review/record/record-review.js';
import { REVIEW_NOTES_REF, buildReviewTrailers, type ReviewNote } from '../../src/review/record/review-record.js';
import { createFakeSetup } from '../fakes/fake-environment.js';
import { runCli } from '../fakes/run-cli.js';
import { prepareReprove } from '../../src/review/reprove/prepare-reprove.js';
import { defaultReviewConfig } from '../../src/review/config/read-review-config.js';
import { reviewCrate } from '../../src/review/review-crate.js';
import type { ReviewResult } from '../../src/review/review-result.js';
import { copyReviewFixture } from './review-fixture-crate.js';
import { createSyntheticReviewServices } from './synthetic-review-services.js';

// The oracle root of this test: review-max-strong with `best = v[0]` and a loop from 1, whose mutant
// `for i in 0..v.len()` is equivalent but breaks the proof (synthetic verdicts, see its review-oracle.json).
const ORACLE_ROOT = path.resolve('test/fixtures/review/reprove');
const VARIANT = readFileSync(path.join(ORACLE_ROOT, 'review-max-strong', 'src', 'lib.rs'), 'utf8');
const REPROOF = readFileSync(path.join(ORACLE_ROOT, 'review-max-strong', 'reproved', 'loop-from-0.rs'), 'utf8');

function maxOf(source: string): string {
  const start = source.indexOf('pub fn max_of');
  return source.slice(start, source.indexOf('\n}\n', start) + 2);
}

function requestText(request: RecordedRequest): string {
  return JSON.stringify(request.body['messages'] ?? []);
}

/**
 * The scripted editor: the re-proof for the loop-from-0 mutant; for any other, the original
 * function, i.e. the mutation undone. The oracle would verify that (it is the original source), so
 * only the guard's exec-freeze keeps it from counting as a proof.
 */
function editor(request: RecordedRequest) {
  const messages = requestText(request);
  const requestId = /Request id: ([^\s\\]+)/.exec(messages)?.[1] ?? 'missing';
  const code = messages.includes('for i in 0..v.len()') ? maxOf(REPROOF) : maxOf(VARIANT);
  return { kind: 'completion' as const, usage: { prompt_tokens: 1000, completion_tokens: 200 }, choices: [{ toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: requestId, candidate: { functions: [{ name: 'max_of', code }] }, rationale: 'scripted re-proof' }) }] }] };
}

// ajv-draft-04 is CommonJS: its default export arrives as the module object under NodeNext.
const Ajv = ((AjvDraft04 as unknown as { default?: typeof AjvDraft04 }).default ?? AjvDraft04) as unknown as new (options: object) => { compile(schema: object): ((data: unknown) => boolean) & { errors?: unknown } };
const SARIF_SCHEMA = JSON.parse(readFileSync(path.resolve('node_modules/@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json'), 'utf8')) as object;

afterAll(removeTemporaryDirectories);

describe('review --reprove: the repair loop re-proves mutants killed by Verus (synthetic verifier, scripted model)', () => {
  let server: FakeOpenAiServer;
  let review: ReviewResult;
  let crate: string;
  beforeAll(async () => {
    server = await startFakeOpenAiServer();
    server.script(...Array.from({ length: 8 }, () => editor));
    crate = copyReviewFixture('review-max-strong', { source: VARIANT });
    const toml = path.join(crate, 'verus-repair.toml');
    writeFileSync(toml, `${readFileSync(toml, 'utf8').replace(/^pass_env = \[/m, 'pass_env = ["VERUS_REPAIR_FAKE_REVIEW_ROOT", ')}\n[model]\nname = "reprove-model"\nbase_url = "${server.baseUrl}"\nsamples = 1\nsampling = "n"\nmax_retries = 0\n`);
    const { services, fake } = await createSyntheticReviewServices(crate, 'review-oracle', ORACLE_ROOT);
    const environment = { ...fake.environment, OPENAI_API_KEY: 'sk-decoy-reprove' };
    const reprove = await prepareReprove(crate, 'reprove-test', defaultReviewConfig(), { iterations: 2 }, environment);
    const outcome = await reviewCrate({ id: 'reprove-test', crateDir: crate, file: null, functions: ['max_of'], operators: ['constant'], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, { ...services, reprove });
    if (outcome.kind !== 'reviewed') throw new Error(outcome.message);
    review = outcome.review;
  }, 180_000);
  afterAll(async () => server.close());

  it('a killed mutant the model re-proves is a proven survivor, with its proof and its repair run', async () => {
    const proven = review.mutants.filter((entry) => entry.reproof?.status === 'proved');
    expect(proven.map((entry) => `${entry.mutant.line}: ${entry.mutant.original} -> ${entry.mutant.replacement}`)).toEqual(['16: 1 -> 0']);
    const reproof = proven[0]!.reproof!;
    if (reproof.status !== 'proved') throw new Error('unreachable');
    expect(proven[0]!.verdict.status).toBe('killed-by-verus');
    expect(reproof.proof).toContain('-            exists|j: int| 0 <= j < i && v@[j] == best,');
    expect(reproof.proof).toContain('+            exists|j: int| 0 <= j < v.len() && v@[j] == best,');
    expect(reproof.repository).toBe(path.join(crate, '.verus-repair', 'reprove', 'reprove-test', proven[0]!.mutant.id));
    expect(await simpleGit(reproof.repository).show([`${reproof.verifiedCommit}:src/lib.rs`])).toBe(REPROOF);
    expect(review.findings).toBe(1);
    expect(review.functions[0]).toMatchObject({ provenSurvivors: 1, counts: { 'killed-by-verus': 2, 'killed-by-tests': 1 }, mutationScore: 2 / 3 });
  });

  it('one the model fails to prove stays killed, within the iteration budget', () => {
    const other = review.mutants.find((entry) => entry.mutant.line === 15);
    expect(other?.verdict.status).toBe('killed-by-verus');
    expect(other?.mutant).toMatchObject({ original: '0', replacement: '1' });
    expect(other?.reproof).toMatchObject({ status: 'not-proved', stopReason: 'iteration budget exhausted (2)', iterations: 2, promptTokens: 2000, completionTokens: 400 });
    // The mutation undone is refused by the guard (exec code frozen to the mutant's), never verified.
    expect(readFileSync(path.join(other!.reproof!.repository!, 'src', 'lib.rs'), 'utf8')).toContain('let mut best: u64 = v[1];');
    expect(execFileSync('git', ['-C', other!.reproof!.repository!, 'log', '--format=%B', 'verus-repair/reprove-' + other!.mutant.id], { encoding: 'utf8' })).toMatch(/Guard: reject/);
    // Two editor calls for that mutant (its budget), one for the mutant proved at the first try.
    expect(server.requests).toHaveLength(3);
    expect(review.mutants.filter((entry) => entry.verdict.status !== 'killed-by-verus').every((entry) => entry.reproof === undefined)).toBe(true);
  });

  it('every report carries the proof; the trailers count proven survivors', () => {
    expect(renderReviewText(review)).toMatch(/^proven survivor m\d+ src\/lib\.rs:16:\d+ max_of constant: 1 -> 0; killed by Verus, re-proved by the repair loop/m);
    expect(renderReviewText(review)).toContain('+            exists|j: int| 0 <= j < v.len() && v@[j] == best,');
    expect(renderReviewMarkdown(review)).toContain('### Proven survivors (1)');
    expect(renderReviewMarkdown(review)).toContain('+            exists|j: int| 0 <= j < v.len() && v@[j] == best,');
    expect(renderReviewHtml(review)).toContain('data-testid="proven-survivor"');
    const sarif = renderReviewSarif(review) as unknown as { runs: Array<{ results: Array<{ ruleId: string; message: { text: string }; relatedLocations: Array<{ message: { text: string } }> }> }> };
    const result = sarif.runs[0]!.results.find((entry) => entry.ruleId === 'proven-survivor');
    expect(result?.message.text).toContain('exists|j: int| 0 <= j < v.len()');
    expect(result?.relatedLocations[0]?.message.text).toMatch(/proved by the proof on verus-repair\//);
    const validate = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false, validateFormats: false, logger: false }).compile(SARIF_SCHEMA);
    expect(validate(sarif), JSON.stringify(validate.errors)).toBe(true);
    expect(buildReviewTrailers(review)).toContainEqual(['Proven-Survivors', '1']);
  });

  it('the review record has the Proven-Survivors trailer and each reproof (with its repository and branch) in its note; audit still passes', async () => {
    execFileSync('git', ['init', '-q', crate]);
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'base']);
    const recording = await recordReview(review);
    expect(recording.ref).not.toBeNull();
    const message = execFileSync('git', ['-C', crate, 'log', '-1', '--format=%B', recording.ref!], { encoding: 'utf8' });
    expect(message).toMatch(/^Proven-Survivors: 1$/m);
    expect(message).toMatch(/^Mutation-Score: 0\.667$/m);
    const note = JSON.parse(execFileSync('git', ['-C', crate, 'notes', `--ref=${REVIEW_NOTES_REF}`, 'show', recording.ref!], { encoding: 'utf8' })) as ReviewNote;
    const proved = note.mutants.find((mutant) => mutant.reproof?.status === 'proved');
    expect(proved?.reproof).toMatchObject({ ledgerBranch: expect.stringMatching(/^verus-repair\//), repository: expect.stringContaining(path.join('.verus-repair', 'reprove', 'reprove-test')) });
    expect(proved?.reproof?.status === 'proved' ? proved.reproof.proof : '').toContain('0 <= j < v.len()');
    const [record] = await readReviewRecords(crate);
    expect(await auditReview(crate, record!)).toEqual([]);
  });

  it('the CLI wires --reprove: NDJSON carries mutant-reproved events and the reproofs, exit 1 on a proven survivor', async () => {
    server.script(...Array.from({ length: 4 }, () => editor));
    const fake = createFakeSetup('review-oracle');
    const run = await runCli(['review', crate, '--no-record', '--no-vacuity', '--no-spec-tests', '--json', '--fn', 'max_of', '--operators', 'constant', '--reprove', '--reprove-iterations', '1'], { ...fake.environment, VERUS_REPAIR_FAKE_REVIEW_ROOT: ORACLE_ROOT, OPENAI_API_KEY: 'sk-decoy-reprove' });
    expect(run.exitCode, run.stderr).toBe(1);
    const lines = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reproof?: { status: string; iterations?: number }; mutants?: Array<{ reproof?: { status: string } }> });
    expect(lines.filter((line) => line.type === 'mutant-reproved').map((line) => [line.reproof?.status, line.reproof?.iterations])).toEqual([['not-proved', 1], ['proved', 1]]);
    expect(lines.at(-1)?.mutants?.filter((entry) => entry.reproof?.status === 'proved')).toHaveLength(1);
    expect(run.stdout).not.toContain('sk-decoy-reprove');
  }, 120_000);

  it('the token budget stops a re-proof; --record-cassettes writes one cassette per mutant, and --replay answers from them without the model', async () => {
    server.script(...Array.from({ length: 4 }, () => editor));
    const before = server.requests.length;
    const cassettes = path.join(crate, 'cassettes');
    const environment = { ...createFakeSetup('review-oracle').environment, VERUS_REPAIR_FAKE_REVIEW_ROOT: ORACLE_ROOT, OPENAI_API_KEY: 'sk-decoy-reprove' };
    const args = ['review', crate, '--no-record', '--no-vacuity', '--no-spec-tests', '--json', '--fn', 'max_of', '--operators', 'constant', '--reprove', '--reprove-iterations', '3', '--reprove-max-tokens', '1000'];
    const reproofs = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; reproof?: { status: string; stopReason?: string; iterations?: number } }).filter((line) => line.type === 'mutant-reproved').map((line) => line.reproof);
    const recorded = await runCli([...args, '--record-cassettes', cassettes], environment);
    expect(recorded.exitCode, recorded.stderr).toBe(1);
    // One call of 1200 tokens exceeds 1000: the unprovable mutant stops after one iteration of three.
    expect(reproofs(recorded.stdout)).toMatchObject([{ status: 'not-proved', iterations: 1, stopReason: expect.stringMatching(/token/) }, { status: 'proved', iterations: 1 }]);
    expect(server.requests.length - before).toBe(2);
    const replayed = await runCli([...args, '--replay', cassettes], { ...environment, OPENAI_API_KEY: '' });
    expect(replayed.exitCode, replayed.stderr).toBe(1);
    expect(reproofs(replayed.stdout)).toMatchObject([{ status: 'not-proved' }, { status: 'proved' }]);
    expect(server.requests.length - before).toBe(2);
  }, 120_000);
});

describe('review --reprove: bad input', () => {
  it.each<[string, string, string[], RegExp]>([
    ['--reprove without a [model] section', '', ['--reprove'], /--reprove needs a \[model\] section in .*verus-repair\.toml/],
    ['--reprove-iterations without --reprove', '[model]\nname = "m"\n', ['--reprove-iterations', '3'], /apply only with --reprove/],
    ['a bad --reprove-iterations', '[model]\nname = "m"\n', ['--reprove', '--reprove-iterations', '0'], /--reprove-iterations: expected an integer >= 1/],
    ['a bad [review] reprove_iterations', '[model]\nname = "m"\n[review]\nreprove_iterations = 0\n', ['--reprove'], /review\.reprove_iterations.*Example: reprove_iterations = 2/],
  ])('%s is exit 2 with a one-line error, before any cargo, verifier or model call', async (_label, extraToml, args, message) => {
    const crate = copyReviewFixture('review-max-strong', { extraToml });
    const fake = createFakeSetup('run-never-called');
    const run = await runCli(['review', crate, '--no-record', ...args], { ...fake.environment, OPENAI_API_KEY: 'sk-decoy' });
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    expect(fake.readInvocations()).toEqual([]);
  }, 60_000);
});
