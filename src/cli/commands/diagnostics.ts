import { stat } from 'node:fs/promises';
import type { Command } from 'commander';
import { ConfigurationError } from '../../core/errors.js';

/** `verus-repair diagnostics [FILE|-] [--json] [--root DIR]`: classify recorded Verus output. */
export function defineDiagnosticsCommand(program: Command): void {
  program
    .command('diagnostics')
    .description('parse and classify recorded Verus output (rustc JSON lines, the --output-json document, or human-rendered text)')
    .argument('[file]', 'recorded output; `-` or no file reads stdin')
    .option('--json', 'print one JSON object: {diagnostics, summary, functions, verusVersion, unparsedLineCount}')
    .option('--root <dir>', 'normalize: paths relative to DIR, temp paths and durations replaced, stable order')
    .option('--precheck', 'the output came from the erased cargo pre-check (sets origin "precheck")')
    .option('--source <dir>', 'map each diagnostic onto the Verus IR of the sources under DIR (fills `function` and the failing loop and clause)')
    .action(async (file: string | undefined, options: { json?: boolean; root?: string; precheck?: boolean; source?: string }) => {
      if (options.root !== undefined) await requireDirectory('--root', options.root);
      if (options.source !== undefined) await requireDirectory('--source', options.source);
      const { readRecordedOutput } = await import('../../diagnostics/output/read-recorded-output.js');
      const { parseVerifierOutput } = await import('../../diagnostics/parse-verifier-output.js');
      const { normalizeReport } = await import('../../diagnostics/normalize-report.js');
      const { text } = await readRecordedOutput(file, process.stdin);
      const parsed = parseVerifierOutput({ stdout: text, stderr: '' }, { origin: options.precheck === true ? 'precheck' : 'verus' });
      const normalized = options.root === undefined ? parsed : normalizeReport(parsed, { root: options.root });
      const report = options.source === undefined ? normalized : await mapReportToIr(normalized, options.source);
      if (options.json === true) {
        const { toDiagnosticsJson } = await import('../../diagnostics/render-diagnostics-json.js');
        process.stdout.write(`${JSON.stringify(toDiagnosticsJson(report), null, 2)}\n`);
      } else {
        const { renderDiagnosticListing } = await import('../../diagnostics/render-diagnostic-listing.js');
        process.stdout.write(renderDiagnosticListing(report));
      }
    });
}

async function mapReportToIr<Report extends { diagnostics: import('../../core/diagnostic.js').Diagnostic[] }>(report: Report, sourceDir: string): Promise<Report> {
  const { mapDiagnosticsUnder } = await import('../../verifier/map-outcome-to-ir.js');
  return { ...report, diagnostics: await mapDiagnosticsUnder(report.diagnostics, sourceDir) };
}

/** A mistyped --root or --source would silently leave every path unmapped: refuse it instead. */
async function requireDirectory(option: string, directory: string): Promise<void> {
  const found = await stat(directory).catch(() => null);
  if (found === null) throw new ConfigurationError(`${option} ${directory}: no such directory`);
  if (!found.isDirectory()) throw new ConfigurationError(`${option} ${directory}: not a directory`);
}
