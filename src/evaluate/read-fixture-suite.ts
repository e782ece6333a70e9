import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'smol-toml';
import { ConfigurationError } from '../core/errors.js';
import type { BenchTask } from './bench-task.js';

/**
 * The rust-fixtures layout as one suite: every `<crate>/broken/<variant>.rs` with its `.toml`
 * manifest (defect_class, function) is a task replacing `<crate>/src/lib.rs`; the reference proof is
 * the crate's own src/lib.rs.
 */
export async function readFixtureSuite(root: string): Promise<BenchTask[]> {
  const tasks: BenchTask[] = [];
  for (const crate of (await readdir(root, { withFileTypes: true })).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort()) {
    const brokenDir = path.join(root, crate, 'broken');
    const manifests = (await readdir(brokenDir).catch(() => [] as string[])).filter((name) => name.endsWith('.toml')).sort();
    for (const manifest of manifests) {
      const variant = manifest.slice(0, -5);
      const where = path.join(brokenDir, manifest);
      let meta: Record<string, unknown>;
      try {
        meta = parse(await readFile(where, 'utf8')) as Record<string, unknown>;
      } catch (error) {
        throw new ConfigurationError(`${where}: ${(error as Error).message.split('\n')[0] ?? ''}`);
      }
      const functionName = typeof meta['function'] === 'string' ? meta['function'] : null;
      tasks.push({
        id: `${crate}.${variant}`, crateDir: path.join(root, crate), file: 'src/lib.rs',
        brokenSource: await readFile(path.join(brokenDir, `${variant}.rs`), 'utf8'),
        originalSource: await readFile(path.join(root, crate, 'src', 'lib.rs'), 'utf8').catch(() => null),
        functions: [], defectClass: typeof meta['defect_class'] === 'string' ? meta['defect_class'] : null,
        expectedFailingFunction: functionName, defects: 1, origin: path.relative(path.dirname(root), where),
      });
    }
  }
  return tasks;
}
