import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { parse } from 'smol-toml';
import type { Diagnostic } from '../../core/diagnostic.js';
import { DIAGNOSTIC_KINDS, type DiagnosticKind } from '../../core/diagnostic-kind.js';
import type { EditorTask } from '../editor/editor-agent.js';

/** One broken fixture variant as an editor task. Its diagnostics are predicted (from the manifest), not produced by Verus. */
export interface FixtureTask {
  crate: string;
  variant: string;
  defectClass: string;
  task: EditorTask;
}

interface ExpectedError {
  message: string;
  kind: string;
  line: number;
  anchor?: string;
}

/**
 * Reads rust-fixtures/<crate>/broken/<variant>.{rs,toml}. Each `[[expected_errors]]` entry becomes a
 * Diagnostic whose span covers its `anchor` text on its line (the whole line without an anchor).
 * These diagnostics are predictions written with the fixtures, labelled so wherever they are reported.
 */
export function loadFixtureTasks(fixturesDirectory: string): FixtureTask[] {
  if (!existsSync(fixturesDirectory)) return [];
  const tasks: FixtureTask[] = [];
  for (const crate of readdirSync(fixturesDirectory).sort()) {
    const brokenDirectory = join(fixturesDirectory, crate, 'broken');
    if (!existsSync(brokenDirectory)) continue;
    for (const manifestName of readdirSync(brokenDirectory).filter((name) => name.endsWith('.toml')).sort()) {
      const variant = basename(manifestName, '.toml');
      const sourcePath = join(brokenDirectory, `${variant}.rs`);
      if (!existsSync(sourcePath)) continue;
      const manifest = parse(readFileSync(join(brokenDirectory, manifestName), 'utf8')) as Record<string, unknown>;
      const source = readFileSync(sourcePath, 'utf8');
      const target = String(manifest['function'] ?? '');
      const expected = (manifest['expected_errors'] as ExpectedError[] | undefined) ?? [];
      tasks.push({
        crate,
        variant,
        defectClass: String(manifest['defect_class'] ?? 'unknown'),
        task: { requestId: `${crate}/${variant}`, filePath: 'src/lib.rs', originalSource: source, targets: [target], diagnostics: expected.map((error) => predictedDiagnostic(error, source, target)) },
      });
    }
  }
  return tasks;
}

function predictedDiagnostic(error: ExpectedError, source: string, target: string): Diagnostic {
  const lineText = source.split('\n')[error.line - 1] ?? '';
  const characters = [...lineText];
  const anchorAt = error.anchor === undefined ? -1 : lineText.indexOf(error.anchor);
  const column = anchorAt >= 0 ? [...lineText.slice(0, anchorAt)].length + 1 : characters.findIndex((character) => !/\s/.test(character)) + 1;
  const columnEnd = anchorAt >= 0 ? column + [...error.anchor!].length : characters.length + 1;
  const kind: DiagnosticKind = (DIAGNOSTIC_KINDS as readonly string[]).includes(error.kind) ? (error.kind as DiagnosticKind) : 'unknown';
  return {
    kind,
    message: error.message,
    severity: 'error',
    code: null,
    origin: 'verus',
    primary: { file: 'src/lib.rs', line: error.line, column, lineEnd: error.line, columnEnd, byteStart: null, byteEnd: null, label: null, sourceText: lineText },
    secondary: [],
    notes: [],
    expansion: null,
    function: target,
    location: { function: target, loopId: null, clause: null },
  };
}
