import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeTemporaryDirectories } from '../fakes/temporary-directory.js';
import { auditReview } from '../../src/review/record/audit-review.js';
import { readReviewRecords } from '../../src/review/record/read-review-records.js';
import { recordReview } from '../../src/review/record/record-review.js';
import { buildReviewNote, buildReviewTrailers } from '../../src/review/record/review-record.js';
import { readReviewConfig } from '../../src/review/config/read-review-config.js';
import { renderReviewHtml } from '../../src/review/report/render-review-html.js';
import { renderReviewMarkdown } from '../../src/review/report/render-review-markdown.js';
import { renderReviewSarif } from '../../src/review/report/render-review-sarif.js';
import { renderReviewText } from '../../src/review/report/render-review-text.js';
import { MUTATION_OPERATOR_NAMES } from '../../src/review/mutation-operator.js';
import { reviewCrate } from '../../src/review/review-crate.js';
import type { ReviewEvent } from '../../src/review/review-event.js';
import type { ReviewResult } from '../../src/review/review-result.js';
import { copyReviewFixture, FIXTURES_ROOT } from './review-fixture-crate.js';
import { createSyntheticReviewServices } from './synthetic-review-services.js';

afterAll(removeTemporaryDirectories);

interface SpecTestedReview {
  review: ReviewResult;
  crate: string;
  events: ReviewEvent[];
  /** The crate directories the fake cargo-verus was run in (one scratch directory per variant, named after it). */
  verifierDirectories: string[];
}

// Real cargo for the erased build, the tests and the spec-check harness; the Verus stage is the fake
// cargo-verus answering from each fixture's hand-written review-oracle.json (synthetic verdicts).
async function review(name: string, source?: string): Promise<SpecTestedReview> {
  const crate = copyReviewFixture(name, source === undefined ? {} : { source });
  // A changed source gets an oracle root of its own: the fake answers for the source it finds there (the fixture's predictions).
  const oracleRoot = source === undefined ? undefined : path.join(path.dirname(crate), 'oracle');
  if (oracleRoot !== undefined) {
    mkdirSync(path.join(oracleRoot, name, 'src'), { recursive: true });
    writeFileSync(path.join(oracleRoot, name, 'src', 'lib.rs'), source!);
    copyFileSync(path.join(FIXTURES_ROOT, name, 'review-oracle.json'), path.join(oracleRoot, name, 'review-oracle.json'));
  }
  const { services, fake, events } = await createSyntheticReviewServices(crate, 'review-oracle', oracleRoot, { specTests: true });
  const outcome = await reviewCrate({ id: `spec-${name}`, crateDir: crate, file: null, functions: [], operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1, jobs: 1, vacuity: false }, services);
  if (outcome.kind !== 'reviewed') throw new Error(`${name}: ${outcome.message}`);
  return { review: outcome.review, crate, events, verifierDirectories: fake.readInvocations().filter((call) => call.tool === 'cargo-verus').map((call) => call.cwd) };
}

function killedBySpecTests(result: ReviewResult): Array<{ id: string; change: string; counterexample: string }> {
  return result.mutants.flatMap(({ mutant, verdict }) => (verdict.status === 'killed-by-spec-tests' ? [{ id: mutant.id, change: `${mutant.operator} ${mutant.line}: ${mutant.original} -> ${mutant.replacement}`, counterexample: verdict.counterexample }] : []));
}

describe('review spec tests on the max twins (real cargo harness; synthetic verifier verdicts)', () => {
  const results = new Map<string, SpecTestedReview>();
  beforeAll(async () => {
    for (const name of ['review-max-weak', 'review-max-strong', 'review-search-weak']) results.set(name, await review(name));
    // The weak search with a second ensures that is not executable (an unbounded forall whose binder's type is not written), on the same line so the mutants' keys stay the oracle's.
    const weakSearch = readFileSync(path.join(FIXTURES_ROOT, 'review-search-weak', 'src', 'lib.rs'), 'utf8');
    const unbounded = weakSearch.replace('r matches Some(i) ==> i < v.len(),', 'r matches Some(i) ==> i < v.len(), r is None ==> forall|j| j < v.len() ==> v@[j] != key,');
    if (unbounded === weakSearch) throw new Error('review-search-weak: the ensures to extend was not found');
    results.set('review-search-weak-unbounded', await review('review-search-weak', unbounded));
  }, 600_000);

  it('weak max: output perturbation finds the witness, and the mutant whose result is out of range is killed by spec tests', () => {
    const { review: result } = results.get('review-max-weak')!;
    expect(result.specChecks?.map((check) => [check.function, check.status, check.executableClauses, check.clauses, check.weakWitness, check.counterexamples])).toEqual([
      ['max_index', 'checked', 3, 3, 'ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0)', []],
    ]);
    expect(killedBySpecTests(result)).toEqual([{ id: 'm2', change: 'constant 17: 0 -> 1', counterexample: 'max_index(v = [0]) returned 1: ensures r < v.len() is false' }]);
    expect(result.mutants.find((entry) => entry.mutant.id === 'm2')?.verdict).toMatchObject({ settledBy: 'spec-test', inputs: [{ name: 'v', value: '[0]' }] });
    // The witness is a finding (exit 1): the one survivor (m1, `>` to `>=`) and the witness.
    expect(result.findings).toBe(2);
    expect(result.functions[0]).toMatchObject({ counts: { 'killed-by-spec-tests': 1, 'killed-by-tests': 8, 'killed-by-verus': 1, survived: 1 }, settledBeforeVerus: 9 / 11 });
  });

  it('strong max: no witness, and the two mutants its tests miss are killed by spec tests', () => {
    const { review: result } = results.get('review-max-strong')!;
    expect(result.specChecks?.map((check) => [check.function, check.status, check.executableClauses, check.clauses, check.weakWitness, check.counterexamples])).toEqual([['max_index', 'checked', 4, 4, null, []]]);
    expect(killedBySpecTests(result)).toEqual([
      { id: 'm1', change: 'relational-operator 24: > -> >=', counterexample: 'max_index(v = [0, 0]) returned 1: ensures forall|i: int| 0 <= i < r ==> v@[i] < v@[r as int] is false' },
      { id: 'm2', change: 'constant 17: 0 -> 1', counterexample: 'max_index(v = [0]) returned 1: ensures r < v.len() is false' },
    ]);
    expect(result.findings).toBe(0);
  });

  it('a mutant killed by spec tests is never sent to the verifier', () => {
    for (const name of ['review-max-weak', 'review-max-strong']) {
      const { review: result, verifierDirectories } = results.get(name)!;
      const byVerus = result.mutants.filter((entry) => entry.verdict.settledBy === 'verus').length;
      // The fake cargo-verus ran for the original and for each mutant Verus settled, no more: weak m1 and m4, strong m4.
      expect([name, verifierDirectories.length]).toEqual([name, 1 + byVerus]);
      expect([name, byVerus]).toEqual([name, name === 'review-max-weak' ? 2 : 1]);
    }
  });

  it('the witness and the counterexamples are in the text, Markdown, HTML and SARIF reports and the spec-checked event', () => {
    const { review: result, events } = results.get('review-max-weak')!;
    const witness = 'weak-postcondition-witness src/lib.rs:10 max_index: ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0): the postcondition does not pin the result down (a spec meant to allow several answers shows this too)';
    const killed = 'm2 src/lib.rs:17:27 max_index constant: 0 -> 1; counterexample: max_index(v = [0]) returned 1: ensures r < v.len() is false';
    const text = renderReviewText(result);
    expect(text).toContain('spec tests: 1 of 1 function(s) checked, 3 of 3 clause(s) executable; 1 mutant(s) killed by spec tests before Verus\n  max_index (src/lib.rs:10): 3 of 3 clause(s) executable; 1000 inputs tried, 999 satisfying the requires');
    expect(text).toContain(`\n${witness}\n`);
    expect(text).toContain(`\nkilled by spec tests ${killed}\n`);
    const markdown = renderReviewMarkdown(result);
    expect(markdown).toContain(`- **${witness}**`);
    expect(markdown).toContain(`- ${killed}`);
    expect(markdown).toContain('| `max_index` | 11 | 0 | 8 | 1 | 1 | 1 | 0 | 0 | 91% | 82% | 0 |');
    const html = renderReviewHtml(result);
    expect(html).toContain('<li data-testid="spec-finding"><span class="badge vacuous">finding</span> weak-postcondition-witness src/lib.rs:10 max_index: ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0)');
    expect(html).toContain(`<li data-testid="killed-by-spec-tests">killed by spec tests: m2 src/lib.rs:17:27 max_index constant: 0 -&gt; 1; counterexample: max_index(v = [0]) returned 1: ensures r &lt; v.len() is false</li>`);
    const sarif = renderReviewSarif(result) as { runs: Array<{ tool: { driver: { rules: Array<{ id: string }> } }; results: Array<{ ruleId: string; level: string; message: { text: string }; locations: Array<{ physicalLocation: { region: { startLine: number } } }> }>; properties: { specTests: { killedBySpecTests: unknown[] } } }> };
    const run = sarif.runs[0]!;
    expect(run.tool.driver.rules.map((rule) => rule.id)).toContain('weak-postcondition-witness');
    const witnessResults = run.results.filter((entry) => entry.ruleId === 'weak-postcondition-witness');
    expect(witnessResults.map((entry) => [entry.level, entry.message.text, entry.locations[0]!.physicalLocation.region.startLine])).toEqual([
      ['warning', 'max_index: ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0): the postcondition does not pin the result down (a spec meant to allow several answers shows this too).', 13],
    ]);
    expect(run.properties.specTests.killedBySpecTests).toEqual([{ mutant: 'm2', function: 'max_index', line: 17, counterexample: 'max_index(v = [0]) returned 1: ensures r < v.len() is false' }]);
    expect((renderReviewSarif(results.get('review-max-strong')!.review) as typeof sarif).runs[0]!.results.filter((entry) => entry.ruleId === 'weak-postcondition-witness')).toEqual([]);
    // NDJSON: the original's checks come as one event before the mutants settle; each kill carries its counterexample.
    const specEvent = events.findIndex((event) => event.type === 'spec-checked');
    expect(specEvent).toBeGreaterThan(events.findIndex((event) => event.type === 'review-started'));
    expect(specEvent).toBeLessThan(events.findIndex((event) => event.type === 'mutant-settled'));
    expect(events.find((event) => event.type === 'mutant-settled' && event.id === 'm2')).toMatchObject({ verdict: { status: 'killed-by-spec-tests', counterexample: 'max_index(v = [0]) returned 1: ensures r < v.len() is false' } });
  });

  it('the record: a Killed-By-Spec-Tests count and a Spec-Tests trailer, the counterexamples and the witness in the note', () => {
    const { review: result } = results.get('review-max-weak')!;
    const trailers = new Map(buildReviewTrailers(result));
    expect([trailers.get('Killed-By-Spec-Tests'), trailers.get('Killed-By-Tests'), trailers.get('Survived'), trailers.get('Mutation-Score')]).toEqual(['1', '8', '1', '0.909']);
    expect(trailers.get('Spec-Tests')).toBe('1 of 1 function(s) checked; 0 counterexample(s); 1 weak-postcondition witness(es)');
    const note = buildReviewNote(result, '');
    expect(note.mutants.find((mutant) => mutant.id === 'm2')).toMatchObject({ verdict: 'killed-by-spec-tests', settledBy: 'spec-test', counterexample: 'max_index(v = [0]) returned 1: ensures r < v.len() is false' });
    expect(note.specChecks).toEqual([{ function: 'max_index', file: 'src/lib.rs', line: 10, status: 'checked', executableClauses: 3, clauses: 3, notExecutable: [], counterexamples: [], weakWitness: 'ensures accepts max_index(v = [0, 0]) == 1 (the code returns 0)', reason: null }]);
  });

  it('the recorded review audits clean, and a Killed-By-Spec-Tests trailer that disagrees with the note is a finding', async () => {
    const { review: result, crate } = results.get('review-max-weak')!;
    execFileSync('git', ['init', '-q', crate]);
    execFileSync('git', ['-C', crate, '-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'base']);
    await recordReview(result);
    const [record] = await readReviewRecords(crate);
    expect(record?.trailers.get('Killed-By-Spec-Tests')).toBe('1');
    expect(await auditReview(crate, record!)).toEqual([]);
    expect(await auditReview(crate, { ...record!, trailers: new Map([...record!.trailers, ['Killed-By-Spec-Tests', '0']]) })).toEqual([{ rule: 'trailer-mismatch', message: 'trailer Killed-By-Spec-Tests is 0, the note says 1' }]);
    // Without the trailer, a note holding such a mutant is a finding too (only records from before spec tests, with neither, pass unchecked).
    const older = new Map([...record!.trailers].filter(([key]) => key !== 'Killed-By-Spec-Tests'));
    expect(await auditReview(crate, { ...record!, trailers: older })).toEqual([{ rule: 'trailer-mismatch', message: 'trailer Killed-By-Spec-Tests is missing, the note says 1' }]);
  });

  it('a counterexample on the original (none in the fixtures: Verus verified them) is a spec-counterexample result in SARIF and a line in the text', () => {
    const { review: weak } = results.get('review-max-weak')!;
    const counterexample = 'max_index(v = [0]) returned 1: ensures r < v.len() is false';
    const edited: ReviewResult = { ...weak, specChecks: weak.specChecks!.map((check) => ({ ...check, counterexamples: [counterexample], weakWitness: null })) };
    const sarif = renderReviewSarif(edited) as { runs: Array<{ results: Array<{ ruleId: string; level: string; message: { text: string } }> }> };
    expect(sarif.runs[0]!.results.filter((entry) => entry.ruleId === 'spec-counterexample').map((entry) => [entry.level, entry.message.text])).toEqual([['error', `max_index: ${counterexample}`]]);
    expect(renderReviewText(edited)).toContain(`\ncounterexample on the original src/lib.rs:10 max_index: ${counterexample}\n`);
    expect(renderReviewMarkdown(edited)).toContain(`- **counterexample on the original src/lib.rs:10 max_index: ${counterexample}**`);
  });

  it('the weak search: its matches ensures is checked, and None where the code finds the key is a witness', () => {
    const { review: result } = results.get('review-search-weak')!;
    expect(result.specChecks?.map((check) => [check.function, check.executableClauses, check.clauses, check.weakWitness, check.counterexamples, check.notExecutable])).toEqual([['find', 1, 1, 'ensures accepts find(v = [0], key = 0) == None (the code returns Some(0))', [], []]]);
    // A panic is a counterexample of its own kind: the index-shifted mutant reads past the end.
    expect(killedBySpecTests(result)).toEqual([{ id: 'm5', change: 'index-shift 14: i -> i + 1', counterexample: 'find(v = [0], key = 0) panicked at src/lib.rs:14:13: index out of bounds: the len is 1 but the index is 1 (an index out of bounds, which Verus would have to prove absent)' }]);
    // The four survivors and the witness are the findings.
    expect(result.findings).toBe(5);
  });

  it('a clause that is not executable gives no claim: no witness on the weak search with an unbounded second ensures', () => {
    const { review: result } = results.get('review-search-weak-unbounded')!;
    expect(result.specChecks?.map((check) => [check.function, check.executableClauses, check.clauses, check.weakWitness, check.counterexamples])).toEqual([['find', 1, 2, null, []]]);
    expect(killedBySpecTests(result).map((killed) => killed.id)).toEqual(['m5']);
    // The four survivors are the findings, as without spec tests.
    expect(result.findings).toBe(4);
    // The reason is said where the check is reported.
    expect(result.specChecks![0]!.notExecutable).toEqual([expect.stringMatching(/^ensures r is None ==> forall\|j\| j < v\.len\(\) ==> v@\[j\] != key: unbounded quantifier: forall over the untyped j has no guard/)]);
    expect(renderReviewText(result)).toMatch(/\n  find \(src\/lib\.rs:9\): 1 of 2 clause\(s\) executable; 1000 inputs tried, 1000 satisfying the requires; not executable, no claim: ensures r is None ==> forall\|j\| j < v\.len\(\) ==> v@\[j\] != key: unbounded quantifier/);
  });
});

describe('[review] spec_tests', () => {
  it('is on by default and spec_tests = false turns it off; a non-boolean names the key and an example', () => {
    expect(readReviewConfig('', 'verus-repair.toml').config?.specTests).toBe(true);
    expect(readReviewConfig('[review]\nspec_tests = false\n', 'verus-repair.toml').config?.specTests).toBe(false);
    const bad = readReviewConfig('[review]\nspec_tests = "no"\n', 'verus-repair.toml');
    expect(bad.config).toBeNull();
    expect(bad.errors.join('\n')).toMatch(/review\.spec_tests.*spec_tests = false/);
  });
});
