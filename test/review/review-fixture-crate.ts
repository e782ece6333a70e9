import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { FAKE_PASS_ENV } from '../fakes/fake-environment.js';
import { SHARED_TARGET_DIR } from '../fakes/temporary-crate.js';
import { createTemporaryDirectory } from '../fakes/temporary-directory.js';

export const FIXTURES_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'rust-fixtures');

/**
 * A copy of a review fixture crate (rust-fixtures/<name>) in a temporary directory, outside the
 * workspace (its own `[workspace]`, the workspace's Cargo.lock), with a verus-repair.toml that runs
 * the local runner (the fake cargo-verus), the real erased cargo pre-check on the shared target
 * directory, and `extraToml` appended. The package name stays the fixture's, so the fake's review
 * oracle finds rust-fixtures/<name>/review-oracle.json.
 */
export function copyReviewFixture(name: string, options: { extraToml?: string; source?: string } = {}): string {
  const directory = path.join(createTemporaryDirectory('review'), name);
  // Not .verus-repair/ (ignored by git): a run on the fixture in place keeps its cache and may be building in its cargo-target there meanwhile.
  const local = path.join(FIXTURES_ROOT, name, '.verus-repair');
  cpSync(path.join(FIXTURES_ROOT, name), directory, { recursive: true, filter: (source) => !source.endsWith('review-oracle.json') && source !== local && !source.startsWith(`${local}${path.sep}`) });
  cpSync(path.join(FIXTURES_ROOT, 'Cargo.lock'), path.join(directory, 'Cargo.lock'));
  const manifest = path.join(directory, 'Cargo.toml');
  writeFileSync(manifest, `${readFileSync(manifest, 'utf8')}\n[workspace]\n`);
  if (options.source !== undefined) writeFileSync(path.join(directory, 'src', 'lib.rs'), options.source);
  const toml = [
    '[verifier]',
    'runner = "local"',
    `pass_env = ${JSON.stringify(FAKE_PASS_ENV)}`,
    `cache_dir = ${JSON.stringify(path.join(directory, '.verus-repair', 'cache'))}`,
    '',
    '[verifier.precheck]',
    `target_dir = ${JSON.stringify(SHARED_TARGET_DIR)}`,
    'offline = true',
    '',
    options.extraToml ?? '',
  ].join('\n');
  writeFileSync(path.join(directory, 'verus-repair.toml'), toml);
  if (!existsSync(path.join(directory, 'src', 'lib.rs'))) throw new Error(`fixture ${name} has no src/lib.rs`);
  return directory;
}
