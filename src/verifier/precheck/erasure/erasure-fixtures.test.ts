import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTemporaryCrate, SHARED_TARGET_DIR } from '../../../../test/fakes/temporary-crate.js';
import { removeTemporaryDirectories } from '../../../../test/fakes/temporary-directory.js';
import { defaultVerifierConfig } from '../../config/read-verifier-config.js';
import { CargoPrechecker } from '../cargo-prechecker.js';

afterAll(removeTemporaryDirectories);

const FIXTURES = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..', '..', '..', 'rust-fixtures', 'erasure');
const created: string[] = [];
afterAll(() => created.forEach((directory) => rmSync(directory, { recursive: true, force: true })));

async function precheck(fixture: string) {
  const base = defaultVerifierConfig('/unused');
  const config = { ...base, precheck: { ...base.precheck, targetDir: SHARED_TARGET_DIR, offline: true } };
  const crate = createTemporaryCrate({ 'src/lib.rs': readFileSync(path.join(FIXTURES, fixture), 'utf8') });
  created.push(crate);
  const before = readFileSync(path.join(crate, 'src', 'lib.rs'), 'utf8');
  const result = await new CargoPrechecker({ config, environment: process.env }).precheck(crate);
  // Fixes are made to a private copy only: the crate is as it was.
  expect(readFileSync(path.join(crate, 'src', 'lib.rs'), 'utf8')).toBe(before);
  return result;
}

// Real cargo, real vstd (erased), one fixture per erasure rule and fix (rust-fixtures/erasure/README.md).
describe('the erased pre-check on each erasure cause (real cargo)', () => {
  it.each([
    ['ghost-vstd-import.rs', 'ghost-vstd-import', 'vstd::math::abs', 2],
    ['ghost-vstd-module-import.rs', 'ghost-vstd-import', 'vstd::std_specs', 2],
    ['ghost-crate-import.rs', 'ghost-crate-import', 'crate::defs::aligned', 2],
    ['ghost-vstd-prelude-name.rs', 'ghost-vstd-prelude-name', 'vstd::prelude::unreached', 10],
    ['verus-only-crate-item.rs', 'verus-only-crate-item', 'Token', 10],
  ])('%s is not applicable: %s names %s', async (fixture, rule, item, line) => {
    const result = await precheck(fixture);
    expect(result).toMatchObject({ status: 'not-applicable', step: 'build' });
    if (result.status !== 'not-applicable') return;
    expect(result.causes[0]).toMatchObject({ rule, item, file: 'src/lib.rs', line });
  }, 300_000);

  it.each([
    ['fix-crate-attribute.rs', 'strip-verifier-attribute'],
    ['fix-loop-attribute.rs', 'strip-verifier-attribute'],
    ['fix-repr-transparent.rs', 'allow-lint'],
    ['fix-companion-crate.rs', 'add-companion-crate'],
  ])('%s passes after the fix %s to the erased copy', async (fixture, kind) => {
    const result = await precheck(fixture);
    expect(result).toMatchObject({ status: 'passed', fixes: [expect.objectContaining({ kind })] });
  }, 300_000);

  it('keeps a type error in exec code failed even beside an erasure cause, the exec error first', async () => {
    const result = await precheck('exec-type-error.rs');
    expect(result).toMatchObject({ status: 'build-failed' });
    if (result.status !== 'build-failed') return;
    expect(result.diagnostics[0]).toMatchObject({ code: 'E0308', primary: { line: 9 } });
  }, 300_000);

  it('keeps a crate missing from Cargo.toml failed, with a hint naming it', async () => {
    const result = await precheck('missing-crate.rs');
    expect(result).toMatchObject({ status: 'build-failed', hints: [expect.stringContaining('`deps_hack`')] });
  }, 300_000);

  it('builds a crate that needs no fix in place, with no fixes', async () => {
    expect(await precheck('ghost-vstd-import.rs')).not.toHaveProperty('fixes');
  }, 300_000);
});
