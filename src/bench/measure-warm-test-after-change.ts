import { appendFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execa } from 'execa';

const CHANGES = 3;

/**
 * What a tool that builds each mutant on its own pays per mutant at best, as issue 29 puts it: a warm
 * `cargo test` of the crate after a one-line change, in one copy kept across changes (cargo-mutants
 * keeps one tree and one warm target per job). Plain cargo with its defaults (incremental on for the
 * dev profile), no sandbox, in the shared target directory where vstd is built; the crate is compiled
 * once first, then each of CHANGES one-line changes is tested. The median of those, in ms.
 */
export async function measureWarmTestAfterChange(crate: string, targetDir: string): Promise<number> {
  const copy = path.join(mkdtempSync(path.join(os.tmpdir(), 'verus-repair-bench-warm-test-')), 'crate');
  cpSync(crate, copy, { recursive: true, filter: (source) => !source.split(path.sep).includes('.verus-repair') && path.basename(source) !== 'target' });
  const cargo = (...args: string[]) => execa('cargo', [...args, '--offline'], { cwd: copy, env: { CARGO_TARGET_DIR: targetDir, CARGO_TERM_COLOR: 'never' }, reject: true });
  try {
    await cargo('test', '--tests', '--no-run');
    const times: number[] = [];
    for (let change = 0; change < CHANGES; change++) {
      // One line of the crate's root changes (a comment: rustc reads the file again, cargo's fingerprint sees a new mtime and content).
      appendFileSync(path.join(copy, 'src', 'lib.rs'), `// one-line change ${change}\n`);
      const started = performance.now();
      await cargo('test', '--tests');
      times.push(performance.now() - started);
    }
    return times.sort((left, right) => left - right)[Math.floor(times.length / 2)]!;
  } finally {
    rmSync(path.dirname(copy), { recursive: true, force: true });
  }
}
