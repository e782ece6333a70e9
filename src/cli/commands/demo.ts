import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';

export function defineDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('run a complete repair episode offline on a bundled fixture (replayed model, synthetic recorded verifier outputs; the guard, cargo and git run as in a repair)')
    .option('--target-dir <dir>', 'cargo target directory for the pre-check, kept so vstd compiles once (default: rust-fixtures/target in a clone, else ~/.cache/verus-repair/demo-target)')
    .action(async (options: { targetDir?: string }) => {
      const { runDemo } = await import('../../demo/run-demo.js');
      const path = await import('node:path');
      const result = await runDemo(process.stdout, { kind: 'replay' }, options.targetDir === undefined ? {} : { targetDir: path.resolve(options.targetDir) });
      if (result.outcome !== 'verified' || result.auditFindings > 0) throw new ExitError(1, 'verus-repair demo: the demo did not end verified with a clean audit');
    });
}
