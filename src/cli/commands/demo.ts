import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';

export function defineDemoCommand(program: Command): void {
  program
    .command('demo')
    .description('run a complete repair episode offline on a bundled fixture (replayed model, synthetic verifier outputs, real guard, cargo and git)')
    .action(async () => {
      const { runDemo } = await import('../../demo/run-demo.js');
      const result = await runDemo(process.stdout);
      if (result.outcome !== 'verified' || result.auditFindings > 0) throw new ExitError(1, 'verus-repair demo: the demo did not end verified with a clean audit');
    });
}
