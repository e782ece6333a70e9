import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createTemporaryDirectory } from './temporary-directory.js';

/** Writes a synthetic scenario directory (scenario.json plus the files it replays) for the fakes and returns its path. */
export function writeScenario(invocations: Array<Record<string, unknown>>, files: Record<string, string> = {}): string {
  const directory = createTemporaryDirectory('scenario');
  for (const [name, content] of Object.entries(files)) writeFileSync(path.join(directory, name), content);
  writeFileSync(path.join(directory, 'scenario.json'), JSON.stringify({ origin: 'synthetic', invocations }, null, 2));
  return directory;
}
