import type { Command } from 'commander';

interface ParseCommandOptions {
  json?: boolean;
  allowPlainRust?: boolean;
}

/** `verus-repair parse FILE... [--json]`: the Verus IR of each file, as a summary or NDJSON (docs/ir-schema.md). */
export function defineParseCommand(program: Command): void {
  program
    .command('parse')
    .description('parse Verus files into the IR: a summary per file, or one JSON document per line with --json (schema: docs/ir-schema.md)')
    .argument('<paths...>', 'Rust files, or directories searched for *.rs (target/ and hidden directories skipped)')
    .option('--json', 'print one JSON document per file, one per line (NDJSON)')
    .option('--allow-plain-rust', 'accept files given explicitly that have no verus! block (files found in directories always may)')
    .action(async (paths: string[], options: ParseCommandOptions) => {
      const { collectRustFiles, parseVerusFile, summarizeIr, serializeIrDocument, renderFileSummary, renderTotalSummary } = await import('../../ir/index.js');
      const { ExitError } = await import('../exit-error.js');
      const explicit = new Set(paths);
      const summaries = [];
      let failed = 0;
      const files = await collectRustFiles(paths);
      if (files.length === 0) {
        throw new ExitError(2, `verus-repair parse: no Rust files (*.rs) found in ${paths.join(', ')} (target/ and hidden directories are skipped)`);
      }
      for (const file of files) {
        try {
          const ir = await parseVerusFile(file, { requireVerus: explicit.has(file) && options.allowPlainRust !== true });
          const summary = summarizeIr(ir);
          summaries.push(summary);
          const output = options.json === true ? JSON.stringify(serializeIrDocument(ir)) : renderFileSummary(file, summary).join('\n');
          process.stdout.write(`${output}\n`);
        } catch (error) {
          if (!(error instanceof Error) || error.name !== 'InputError') throw error;
          failed++;
          const hint = (error as { reason?: string }).reason === 'no-verus-macro' ? ' (to parse a plain Rust file, pass --allow-plain-rust)' : '';
          process.stderr.write(`${error.message}${hint}\n`);
        }
      }
      if (options.json !== true) process.stdout.write(`${renderTotalSummary(summaries, failed)}\n`);
      if (failed > 0) throw new ExitError(1);
    });
}
