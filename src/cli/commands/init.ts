import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';

const LABELS: Record<string, string> = {
  created: 'created     ',
  added: 'added       ',
  'left-alone': 'left alone  ',
  ok: 'ok          ',
  'would-change': 'would change',
  changed: 'changed     ',
  note: 'note        ',
};

/** Exit codes: 0 ready, 1 the crate still needs a change (`--fix` makes it), 2 bad input (nothing created). */
export function defineInitCommand(program: Command): void {
  program
    .command('init')
    .argument('[crate]', 'the Verus crate, inside a git repository', '.')
    .option('--fix', "also change the crate's Cargo.toml (vstd at the pin's version, [package.metadata.verus] verify = true)")
    .option('--json', 'print one JSON object')
    .description('set up a repository: verus-repair.toml, verus-toolchain/pin.toml, .gitignore; check the crate (never overwrites a file)')
    .action(async (crate: string, options: { fix?: boolean; json?: boolean }) => {
      const { initRepository } = await import('../../setup/init-repository.js');
      const report = await initRepository(crate, { fix: options.fix === true });
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(report)}\n`);
      } else {
        const lines = [`verus-repair init: repository ${report.repositoryRoot}, crate ${report.crateName} (${report.crateDir})`];
        for (const step of report.steps) lines.push(`  ${LABELS[step.status] ?? step.status} ${step.path}: ${step.detail}`);
        const fix = `npx verus-repair init ${crate === '.' ? '' : `${crate} `}--fix`;
        lines.push(report.crateReady ? 'next: npx verus-repair doctor' : `the crate is not ready: run \`${fix}\` to make the changes above, or make them yourself`);
        process.stdout.write(`${lines.join('\n')}\n`);
      }
      if (!report.crateReady) throw new ExitError(1);
    });
}
