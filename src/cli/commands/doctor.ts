import type { Command } from 'commander';
import { ConfigurationError } from '../../core/errors.js';
import { ExitError } from '../exit-error.js';

/** Exit codes: 0 a repair could run, 1 a check failed, 2 bad options. */
export function defineDoctorCommand(program: Command): void {
  program
    .command('doctor')
    .option('--docker', 'check the Docker runner, whatever verus-repair.toml says')
    .option('--local', 'check the local runner (verus and cargo-verus on PATH)')
    .option('--model', 'check only the model: send one tiny request with the run\'s settings and report what the endpoint accepted and what a run would adapt')
    .option('--json', 'print one JSON object')
    .description('check what a repair needs on this machine (Node, git, cargo, the verifier, the pin, the model endpoint), each with the command that fixes it')
    .action(async (options: { docker?: boolean; local?: boolean; json?: boolean; model?: boolean }) => {
      if (options.docker === true && options.local === true) throw new ConfigurationError('choose one runner: --docker or --local, not both');
      const { runDoctor } = await import('../../doctor/run-doctor.js');
      const runner = options.docker === true ? { runner: 'docker' as const } : options.local === true ? { runner: 'local' as const } : {};
      const report = await runDoctor(process.cwd(), { ...runner, ...(options.model === true ? { model: true } : {}) });
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify(report)}\n`);
      } else {
        const { renderDoctorReport } = await import('../../doctor/render-doctor-report.js');
        process.stdout.write(renderDoctorReport(report));
      }
      if (!report.ready) throw new ExitError(1);
    });
}
