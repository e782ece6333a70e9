import type { Command } from 'commander';
import { ExitError } from '../exit-error.js';

interface GuardOptions {
  original: string;
  candidate: string;
  fn?: string[];
  allowSpecChange?: string[];
  rlimitCeiling: string;
  allowRlimitIncrease?: boolean;
  json?: boolean;
}

const collect = (value: string, previous: string[] = []): string[] => [...previous, value];

export function defineGuardCommand(program: Command): void {
  program
    .command('guard')
    .requiredOption('--original <file>', 'the original Rust file')
    .requiredOption('--candidate <file>', 'the candidate Rust file')
    .option('--fn <name>', 'a function the candidate was asked to edit: name or Type::method (repeatable); other functions must not change (existing proof fn bodies may)', collect)
    .option('--allow-spec-change <fn.clause>', 'unfreeze a clause, e.g. sum_to.ensures or sum_to.* (repeatable)', collect)
    .option('--rlimit-ceiling <n>', 'with --allow-rlimit-increase: highest #[verifier::rlimit(n)] a candidate may add', '60')
    .option('--allow-rlimit-increase', 'accept a candidate that adds or raises #[verifier::rlimit(..)] (as [guard] allow_rlimit_increase = true does for repair)')
    .option('--json', 'print {verdict, violations} as JSON')
    .description('check a candidate against its original: exec code and specs unchanged, no cheating (exit 0 accept, 1 reject, 2 bad input)')
    .action(async (options: GuardOptions) => {
      const { readFile } = await import('node:fs/promises');
      const { guardCandidate } = await import('../../guard/guard-candidate.js');
      const { parseSpecChangeSelectors } = await import('../../guard/spec-change-policy.js');
      const { resolveGuardPolicy } = await import('../../guard/resolve-guard-policy.js');
      const read = async (path: string, option: string): Promise<Uint8Array> =>
        readFile(path).catch((error: NodeJS.ErrnoException) => {
          throw new ExitError(2, `verus-repair guard: ${option} ${path}: cannot read the file (${error.code ?? 'error'})`);
        });
      const ceiling = Number(options.rlimitCeiling);
      if (!Number.isFinite(ceiling) || ceiling <= 0) throw new ExitError(2, `verus-repair guard: --rlimit-ceiling expects a positive number, e.g. 60; got "${options.rlimitCeiling}"`);
      let allowSpecChanges: string[];
      try {
        allowSpecChanges = parseSpecChangeSelectors(options.allowSpecChange ?? []);
      } catch (error) {
        throw new ExitError(2, `verus-repair guard: ${(error as Error).message}`);
      }
      const name = 'candidate.rs';
      const original = await read(options.original, '--original');
      const candidate = await read(options.candidate, '--candidate');
      // The original must parse and the named functions must exist in it: otherwise the input is bad, not the candidate.
      const badInput = (error: unknown): never => {
        if (error instanceof Error && (error.name === 'InputError' || error.name === 'ConfigurationError')) throw new ExitError(2, `verus-repair guard: ${error.message.replace(name, options.original)}`);
        throw error;
      };
      const policy = await resolveGuardPolicy(
        { allowSpecChanges, rlimitCeiling: ceiling, allowRlimitIncrease: options.allowRlimitIncrease === true, ...(options.fn === undefined ? {} : { targetFunctions: options.fn }) },
        [{ path: name, bytes: original }],
      ).catch(badInput);
      const verdict = await guardCandidate({
        original: new Map([[name, original]]),
        candidate: new Map([[name, candidate]]),
        editableFiles: [name],
        policy,
      }).catch(badInput);
      const violations = verdict.verdict === 'reject' ? verdict.violations : [];
      if (options.json === true) {
        process.stdout.write(`${JSON.stringify({
          verdict: verdict.verdict,
          violations: violations.map((violation) => ({ rule: violation.rule, function: violation.function, line: violation.line, message: violation.message })),
          allowedSpecChanges: verdict.allowedSpecChanges,
        }, null, 2)}\n`);
      } else {
        process.stdout.write(`${verdict.verdict === 'accept' ? 'accept' : 'reject'}: ${options.candidate}\n`);
        for (const violation of violations) {
          process.stdout.write(`  ${options.candidate}:${violation.line}: ${violation.rule}${violation.function === null ? '' : ` (${violation.function})`}: ${violation.message}\n`);
        }
        for (const change of verdict.allowedSpecChanges) process.stdout.write(`  allowed spec change: ${change.function}.${change.clause}\n`);
      }
      if (verdict.verdict === 'reject') throw new ExitError(1);
    });
}
