import type { Diagnostic, DiagnosticSpan } from '../../core/diagnostic.js';
import type { DisplayLine } from './display-line.js';

/**
 * Renders display lines with a line-number gutter and, under the last line of every diagnostic span
 * of this file, a marker line: `^^^ VERIFIER: postcondition not satisfied` under the primary span,
 * `--- VERIFIER (related): at the end of the function body` under secondary spans. Carets follow
 * rustc's columns (Unicode scalar values; tabs are kept so the carets line up).
 */
export function annotateLines(lines: readonly DisplayLine[], diagnostics: readonly Diagnostic[], filePath: string): string {
  const width = String(Math.max(0, ...lines.map((line) => line.number ?? 0))).length;
  const markers = collectMarkers(diagnostics, filePath);
  const rendered: string[] = [];
  for (const line of lines) {
    rendered.push(`${line.number === null ? ' '.repeat(width) : String(line.number).padStart(width)} | ${line.text}`.trimEnd());
    if (line.number === null) continue;
    for (const marker of markers.get(line.number) ?? []) rendered.push(`${' '.repeat(width)} | ${markerText(line.text, marker)}`);
  }
  return rendered.join('\n');
}

interface Marker {
  span: DiagnosticSpan;
  primary: boolean;
  text: string;
}

function collectMarkers(diagnostics: readonly Diagnostic[], filePath: string): Map<number, Marker[]> {
  const markers = new Map<number, Marker[]>();
  const add = (span: DiagnosticSpan, primary: boolean, text: string): void => {
    if (!sameFile(span.file, filePath)) return;
    markers.set(span.lineEnd, [...(markers.get(span.lineEnd) ?? []), { span, primary, text: text.replace(/\s*\n\s*/g, ' ').slice(0, 200) }]);
  };
  for (const diagnostic of diagnostics) {
    if (diagnostic.severity !== 'error' || diagnostic.primary === null) continue;
    const label = diagnostic.primary.label !== null && diagnostic.primary.label !== diagnostic.message ? ` (${diagnostic.primary.label})` : '';
    add(diagnostic.primary, true, `${diagnostic.message}${label}`);
    for (const span of diagnostic.secondary) if (span.label !== null) add(span, false, span.label);
  }
  return markers;
}

function markerText(lineText: string, marker: Marker): string {
  const characters = [...lineText];
  const { span } = marker;
  const start = span.line === span.lineEnd ? span.column : characters.findIndex((character) => !/\s/.test(character)) + 1;
  const end = Math.max(start + 1, Math.min(span.columnEnd, characters.length + 1));
  const indent = characters.slice(0, start - 1).map((character) => (character === '\t' ? '\t' : ' ')).join('');
  const underline = (marker.primary ? '^' : '-').repeat(Math.max(1, end - start));
  return `${indent}${underline} VERIFIER${marker.primary ? '' : ' (related)'}: ${marker.text}`;
}

/** Diagnostic paths are relative to the crate (`src/lib.rs`); the task's may be absolute. */
export function sameFile(diagnosticFile: string, filePath: string): boolean {
  const left = diagnosticFile.replace(/\\/g, '/');
  const right = filePath.replace(/\\/g, '/');
  return left === right || right.endsWith(`/${left}`) || left.endsWith(`/${right}`);
}
