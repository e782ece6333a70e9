import { existsSync } from 'node:fs';
import { copyFile, cp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BenchTask } from './bench-task.js';
import type { VstdPin } from '../../verifier/toolchain/toolchain-pin.js';
import { writeScratchCrate } from '../coverage/scratch-crate.js';
import { makeManifestSelfContained } from '../../verifier/sandbox/make-manifest-self-contained.js';

/** What the copy of a task crate leaves out, by name: build output, broken variants, git, verus-repair's own files. */
export const LEFT_OUT_OF_TASK_CRATE = /^(target|broken|\.git|\.verus-repair)$/;

/** The task's crate at `crateDir` with the broken file in place (a scratch crate for single-file tasks). */
export async function writeTaskCrate(crateDir: string, task: BenchTask, vstd: VstdPin): Promise<void> {
  if (task.crateDir === null) await writeScratchCrate(crateDir, vstd);
  else {
    // Links are copied as what they name (loading the suite checked that this is inside it), so nothing an attempt writes goes through one.
    await cp(task.crateDir, crateDir, { recursive: true, dereference: true, filter: (source) => !LEFT_OUT_OF_TASK_CRATE.test(path.basename(source)) });
    // Outside its workspace a member's `workspace = true` keys and relative path dependencies would not resolve.
    const manifest = path.join(crateDir, 'Cargo.toml');
    if (existsSync(manifest)) {
      const selfContained = (await makeManifestSelfContained(await readFile(manifest, 'utf8'), task.crateDir)).manifest;
      if (selfContained !== null) await writeFile(manifest, selfContained);
    }
    // A workspace member (rust-fixtures/*) has its lock file one level up; copied along, cargo needs no network.
    const workspaceLock = path.join(path.dirname(task.crateDir), 'Cargo.lock');
    if (!existsSync(path.join(crateDir, 'Cargo.lock')) && existsSync(workspaceLock)) await copyFile(workspaceLock, path.join(crateDir, 'Cargo.lock'));
  }
  await writeFile(path.join(crateDir, task.file), task.brokenSource);
}
