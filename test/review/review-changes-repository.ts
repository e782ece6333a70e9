import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseVerusSource } from '../../src/ir/index.js';
import { generateMutants } from '../../src/review/generate-mutants.js';
import { MUTATION_OPERATOR_NAMES } from '../../src/review/mutation-operator.js';
import { FAKE_PASS_ENV, createFakeSetup, type FakeSetup } from '../fakes/fake-environment.js';
import { PINNED_VSTD, SHARED_TARGET_DIR } from '../fakes/temporary-crate.js';
import { createTemporaryDirectory } from '../fakes/temporary-directory.js';
import { FIXTURES_ROOT } from './review-fixture-crate.js';

const { describeMutantForOracle } = createRequire(import.meta.url)('../fakes/review-oracle.cjs') as { describeMutantForOracle: (original: string, checked: string) => { key: string; function: string | null } };

export const PACKAGE = 'review-changes';

/** A function of the test crate: its source and whether the (synthetic) verifier accepts its mutants. */
export interface CrateFunction {
  name: string;
  source: string;
  weak: boolean;
}

export const wrapVerus = (items: readonly string[]) => `use vstd::prelude::*;\n\nverus! {\n\n${items.join('\n')}\n} // verus!\n`;

/**
 * A crate `review-changes` in its own git repository, reviewed with the fake cargo-verus's review
 * oracle (synthetic verdicts) and the real erased cargo build and test. The oracle is written for the
 * crate's current source by `writeOracle`: every mutant of a weak function verifies (a survivor),
 * every mutant of another fails. Call it after each change to the source, since its keys carry lines.
 */
export class ReviewChangesRepository {
  readonly crate: string;
  readonly oracleRoot: string;
  readonly fake: FakeSetup;
  private weak = new Set<string>();

  /** `scenario`: the fake's scenario (review-oracle-delayed makes each verifier call take 300 ms, for the bench). */
  constructor(options: { scenario?: string } = {}) {
    const root = createTemporaryDirectory('review-changes');
    this.crate = path.join(root, 'repo');
    this.oracleRoot = path.join(root, 'oracle');
    mkdirSync(path.join(this.crate, 'src'), { recursive: true });
    writeFileSync(path.join(this.crate, 'Cargo.toml'), `[package]\nname = "${PACKAGE}"\nversion = "0.1.0"\nedition = "2021"\npublish = false\n\n[dependencies]\nvstd = "${PINNED_VSTD}"\n\n[package.metadata.verus]\nverify = true\n\n[lints.rust]\nunexpected_cfgs = { level = "warn", check-cfg = ['cfg(verus_only)', 'cfg(verus_keep_ghost)', 'cfg(verus_keep_ghost_body)'] }\n\n[workspace]\n`);
    // The fixtures' lock, with review-max-weak's entry (vstd only, as this crate) renamed: cargo finds it current and runs in place.
    writeFileSync(path.join(this.crate, 'Cargo.lock'), readFileSync(path.join(FIXTURES_ROOT, 'Cargo.lock'), 'utf8').replace('name = "review-max-weak"', `name = "${PACKAGE}"`));
    writeFileSync(path.join(this.crate, '.gitignore'), '/target/\n/.verus-repair/\n');
    writeFileSync(path.join(this.crate, 'verus-repair.toml'), ['[verifier]', 'runner = "local"', `pass_env = ${JSON.stringify([...FAKE_PASS_ENV, 'VERUS_REPAIR_FAKE_REVIEW_ROOT'])}`, `cache_dir = ${JSON.stringify(path.join(this.crate, '.verus-repair', 'cache'))}`, '', '[verifier.precheck]', `target_dir = ${JSON.stringify(SHARED_TARGET_DIR)}`, 'offline = true', ''].join('\n'));
    this.fake = createFakeSetup(options.scenario ?? 'review-oracle');
    this.fake.environment['VERUS_REPAIR_FAKE_REVIEW_ROOT'] = this.oracleRoot;
    this.git('init', '-q', '-b', 'main');
    this.git('config', 'user.name', 'Test Author');
    this.git('config', 'user.email', 'author@example.com');
    this.git('config', 'commit.gpgsign', 'false');
  }

  /** Writes src/lib.rs from the functions (in order) and the oracle for it. */
  async write(functions: readonly CrateFunction[], prefix = ''): Promise<string> {
    this.weak = new Set(functions.filter((fn) => fn.weak).map((fn) => fn.name));
    const source = `${prefix}${wrapVerus(functions.map((fn) => fn.source))}`;
    writeFileSync(path.join(this.crate, 'src', 'lib.rs'), source);
    await this.writeOracle();
    return source;
  }

  /** The oracle for the crate's current src/lib.rs: every mutant any operator makes, keyed as the fake reads them. */
  async writeOracle(): Promise<void> {
    const source = readFileSync(path.join(this.crate, 'src', 'lib.rs'), 'utf8');
    const ir = await parseVerusSource(source, { file: 'src/lib.rs' });
    const { mutants } = await generateMutants({ files: [ir], functions: null, operators: [...MUTATION_OPERATOR_NAMES], maxMutants: null, seed: 1 });
    const functions: Record<string, { verifies: string[]; fails: Array<{ key: string; message: string }> }> = {};
    for (const mutant of mutants) {
      const { key, function: owner } = describeMutantForOracle(source, mutant.source);
      if (owner === null) continue;
      const entry = (functions[owner] ??= { verifies: [], fails: [] });
      if (this.weak.has(owner)) entry.verifies.push(key);
      else entry.fails.push({ key, message: 'postcondition not satisfied' });
    }
    const directory = path.join(this.oracleRoot, PACKAGE);
    mkdirSync(path.join(directory, 'src'), { recursive: true });
    writeFileSync(path.join(directory, 'src', 'lib.rs'), source);
    writeFileSync(path.join(directory, 'review-oracle.json'), `${JSON.stringify({ origin: 'synthetic', note: 'written by test/review/review-changes-repository.ts: weak functions survive every mutant', functions }, null, 2)}\n`);
  }

  commit(message: string): string {
    this.git('add', '-A');
    this.git('commit', '-q', '-m', message);
    return this.git('rev-parse', 'HEAD').trim();
  }

  git(...args: string[]): string {
    return execFileSync('git', args, { cwd: this.crate, encoding: 'utf8' });
  }
}
