import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { simpleGit } from 'simple-git';
import type { BenchTask } from './bench-task.js';
import type { VstdPin } from '../../verifier/toolchain/toolchain-pin.js';
import { writeTaskCrate } from './write-task-crate.js';

/** The crate's directory inside a task template (and so inside every attempt repository). */
export const TEMPLATE_CRATE = 'crate';

/**
 * One git repository per task holding its broken crate, committed once; every attempt starts from a
 * file copy of it, so an attempt costs no git processes to set up and all attempts share one base commit.
 * verus-repair.toml is ignored: each attempt writes its own.
 */
export async function createTaskTemplate(directory: string, task: BenchTask, vstd: VstdPin): Promise<string> {
  await rm(directory, { recursive: true, force: true });
  await mkdir(directory, { recursive: true });
  await writeTaskCrate(path.join(directory, TEMPLATE_CRATE), task, vstd);
  await writeFile(path.join(directory, '.gitignore'), 'target/\n/verus-repair.toml\n');
  const git = simpleGit(directory);
  await git.init(['-q', '-b', 'main']);
  await appendFile(path.join(directory, '.git', 'config'), '[user]\n\tname = verus-repair bench\n\temail = bench@verus-repair.invalid\n[commit]\n\tgpgsign = false\n');
  await git.add('.');
  await git.commit(`bench task ${task.id}`);
  return directory;
}
