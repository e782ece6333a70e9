import { lstatSync, readdirSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';
import { isInside, type SuiteRoot } from './check-suite-path.js';
import { LEFT_OUT_OF_TASK_CRATE } from './write-task-crate.js';

/**
 * The problems of a task crate the bench copies into every attempt (writeTaskCrate, links
 * dereferenced): a link leaving the suite would be copied in as the file it names (and the repair
 * would read it, or write through it), a directory link to an ancestor would copy forever, and a
 * FIFO or device is no source file. Links inside the suite are fine. Only names are read.
 */
export function checkCrateTree(root: SuiteRoot, crateReal: string): string[] {
  const problems: string[] = [];
  const visit = (directory: string, ancestors: readonly string[]): void => {
    for (const name of readdirSync(directory).sort()) {
      if (LEFT_OUT_OF_TASK_CRATE.test(name)) continue;
      const entry = path.join(directory, name);
      const stats = lstatSync(entry);
      if (stats.isDirectory()) {
        visit(entry, [...ancestors, entry]);
        continue;
      }
      if (!stats.isSymbolicLink()) {
        if (!stats.isFile()) problems.push(`${entry} is not a regular file`);
        continue;
      }
      let real: string;
      try {
        real = realpathSync(entry);
      } catch {
        problems.push(`${entry} is a link to nothing`);
        continue;
      }
      if (!isInside(root.real, real)) problems.push(`${entry} is a link to ${real}, outside the suite ${root.given}`);
      else if (statSync(real).isDirectory()) {
        if (ancestors.some((ancestor) => isInside(real, realpathSync(ancestor)))) problems.push(`${entry} is a link to ${real}, which holds it (copying it would never end)`);
        else visit(entry, [...ancestors, entry]);
      } else if (!statSync(real).isFile()) problems.push(`${entry} is not a regular file`);
    }
  };
  visit(crateReal, [crateReal]);
  return problems;
}
