import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import { DEMO_MODEL, type DemoPaths } from './demo-paths.js';

/**
 * A throwaway git repository holding the binary-search fixture with its broken proof (the
 * `sorted(v@)` loop invariant removed) and a verus-repair.toml, committed once.
 */
export async function createDemoRepository(paths: DemoPaths, modelBaseUrl: string, targetDir: string): Promise<{ repoDir: string; crateDir: string }> {
  const repoDir = await mkdtemp(path.join(tmpdir(), 'verus-repair-demo-'));
  const crateDir = path.join(repoDir, 'binary-search');
  await mkdir(path.join(crateDir, 'src'), { recursive: true });
  for (const file of ['Cargo.toml', 'Cargo.lock']) await copyFile(path.join(paths.crate, file), path.join(crateDir, file));
  await writeFile(path.join(crateDir, 'src', 'lib.rs'), await readFile(paths.brokenSource));
  await writeFile(path.join(repoDir, 'verus-repair.toml'), [
    '# Written by `verus-repair demo`: a replayed model and recorded (synthetic) verifier outputs.',
    '[model]',
    `name = "${DEMO_MODEL}"`,
    `base_url = "${modelBaseUrl}"`,
    'samples = 2',
    'sampling = "n"',
    '',
    '[verifier]',
    'runner = "local"',
    '',
    '[verifier.precheck]',
    `target_dir = ${JSON.stringify(targetDir)}`,
    '',
  ].join('\n'));
  await writeFile(path.join(repoDir, '.gitignore'), 'target/\n');
  const git = simpleGit(repoDir);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'verus-repair demo').addConfig('user.email', 'demo@verus-repair.invalid').addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit('binary search with a broken loop invariant');
  return { repoDir, crateDir };
}
