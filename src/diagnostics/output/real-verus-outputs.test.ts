import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DiagnosticKind } from '../../core/diagnostic-kind.js';
import { SHARED_CORPUS_DIRECTORY as CORPUS, SHARED_CORPUS_PRESENT, sharedCorpusTitle } from '../../../test/fakes/shared-corpus.js';
import { parseVerifierOutput } from '../parse-verifier-output.js';

interface ProvenanceRow {
  id: string;
  file: string;
  labels: string[];
  firstMessage: string;
}

function readProvenance(): ProvenanceRow[] {
  const [header, ...rows] = readFileSync(`${CORPUS}PROVENANCE.tsv`, 'utf8').split('\n').filter((line) => line !== '');
  const columns = (header ?? '').split('\t');
  const at = (cells: string[], name: string): string => cells[columns.indexOf(name)] ?? '';
  return rows.map((row) => {
    const cells = row.split('\t');
    return { id: at(cells, 'id'), file: at(cells, 'output_file'), labels: at(cells, 'kinds').split(';'), firstMessage: at(cells, 'first_message') };
  });
}

/** PROVENANCE's labels → the kinds of our taxonomy that count as that label. */
const LABEL_KINDS: Record<string, DiagnosticKind[]> = {
  precondition: ['precondition', 'closure-precondition', 'assert-by-requires'],
  postcondition: ['postcondition', 'closure-postcondition'],
  assertion: ['assertion', 'bitvector-assertion', 'assert-by-compute'],
  'invariant-before-loop': ['invariant-before-loop'],
  'invariant-end-of-loop-body': ['invariant-end-of-loop-body'],
  'loop-invariant-at-exit': ['invariant-at-loop-exit'],
  'rlimit-exceeded': ['rlimit-exceeded'],
  'decreases/termination': ['missing-decreases', 'decreases-end-of-loop', 'decreases-at-continue', 'termination', 'decreases-by-lemma', 'decreases-type-mismatch'],
  recommends: ['recommends', 'cast-out-of-range', 'choose-unsatisfiable'],
  trigger: ['trigger-inference', 'trigger-invalid', 'trigger-note', 'quantifier-profile'],
  mode: ['mode'],
  'type-invariant': ['type-invariant'],
  'verus-wellformedness/unsupported': ['unsupported', 'well-formedness', 'ignored-function', 'panic-unsupported', 'cheating'],
  'arithmetic-overflow': ['arithmetic-overflow'],
  'division-by-zero': ['division-by-zero'],
  'open-invariant-block': ['open-invariant-block'],
  'rustc-type/trait': ['rustc-type'],
  'rustc-name-resolution': ['rustc-resolve'],
  'rustc-borrow/lifetime': ['rustc-borrow'],
  'syntax/parse': ['rustc-syntax'],
  'internal-error/panic': ['verus-internal-error', 'verus-panic'],
};

/**
 * Labels PROVENANCE gives a file that no single diagnostic of ours carries, with the reason. Each
 * is one diagnostic that PROVENANCE files under two labels; we give it one kind.
 */
const LABELS_WITHOUT_OWN_DIAGNOSTIC: Record<string, string[]> = {
  '026': ['verus-wellformedness/unsupported'], // the closure `callee.requires(args)` failure is labelled both precondition and unsupported
  '120': ['verus-wellformedness/unsupported'], // same message as 026
  '096': ['decreases/termination'], // "internal error: unsupported type for decreases ..." is one internal error
  '148': ['verus-wellformedness/unsupported'], // "cannot mutate exec-mode place in proof-code" is a mode error
};

const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();
const rows = SHARED_CORPUS_PRESENT ? readProvenance() : [];

describe.skipIf(!SHARED_CORPUS_PRESENT)(sharedCorpusTitle('the parser over the 74 real Verus outputs'), () => {
  it('finds every file PROVENANCE lists, and the corpus is complete', () => {
    const files = readdirSync(CORPUS).filter((name) => /^\d{3}\.(?:txt|json)$/.test(name));
    expect(rows).toHaveLength(74);
    expect(files.sort()).toEqual(rows.map((row) => row.file).sort());
  });

  it.each(rows)('$file: first message, kinds and no exception', (row) => {
    const report = parseVerifierOutput({ stdout: '', stderr: readFileSync(`${CORPUS}${row.file}`, 'utf8') });
    const first = report.diagnostics[0];
    expect(first, 'at least one diagnostic').toBeDefined();
    const firstLine = collapse((first?.message ?? '').split('\n')[0] ?? '');
    const expected = collapse(row.firstMessage);
    // PROVENANCE stores messages cut at 160 characters.
    if (row.firstMessage.length >= 160) expect(firstLine.startsWith(expected)).toBe(true);
    else expect(firstLine).toBe(expected);

    const kinds = new Set(report.diagnostics.map((diagnostic) => diagnostic.kind));
    const exempt = LABELS_WITHOUT_OWN_DIAGNOSTIC[row.id] ?? [];
    for (const label of row.labels) {
      const accepted = LABEL_KINDS[label];
      expect(accepted, `mapping for label ${label}`).toBeDefined();
      if (exempt.includes(label)) expect(accepted?.some((kind) => kinds.has(kind))).toBe(false);
      else expect(accepted?.some((kind) => kinds.has(kind)), `${label} among ${[...kinds].join(', ')}`).toBe(true);
    }
    const allowed = new Set(row.labels.flatMap((label) => LABEL_KINDS[label] ?? []));
    for (const diagnostic of report.diagnostics.filter((entry) => entry.severity === 'error')) {
      expect(allowed.has(diagnostic.kind), `${diagnostic.kind}: ${diagnostic.message}`).toBe(true);
    }
    expect(report.diagnostics.some((diagnostic) => diagnostic.kind === 'unknown')).toBe(false);
  });
});

describe.skipIf(!SHARED_CORPUS_PRESENT)(sharedCorpusTitle('the text parser agrees with the JSON it was rendered from'), () => {
  // Each JSON diagnostic carries rustc's own human rendering in `rendered`: parsing both must give the same spans.
  const pairs = (SHARED_CORPUS_PRESENT ? readdirSync(CORPUS) : [])
    .filter((name) => name.endsWith('.json'))
    .flatMap((name) => readFileSync(`${CORPUS}${name}`, 'utf8').split('\n').filter((line) => line.trim() !== '').map((line) => ({ name, line })))
    .map(({ name, line }) => ({ name, line, rendered: String((JSON.parse(line) as { rendered?: unknown }).rendered ?? '') }))
    .filter(({ line }) => parseVerifierOutput({ stdout: line, stderr: '' }).diagnostics.length > 0)
    .map((pair, index) => ({ ...pair, index }));

  it('covers the diagnostics of the JSON files', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(40);
  });

  it.each(pairs)('$name, diagnostic #$index', ({ line, rendered }) => {
    const [fromJson] = parseVerifierOutput({ stdout: line, stderr: '' }).diagnostics;
    const [fromText, ...rest] = parseVerifierOutput({ stdout: rendered, stderr: '' }).diagnostics;
    expect(rest).toEqual([]);
    const place = (span: { file: string; line: number; column: number; lineEnd: number; columnEnd: number; label: string | null } | null) =>
      span === null ? null : [span.file, span.line, span.column, span.lineEnd, span.columnEnd, span.label];
    expect(fromText?.message).toBe(fromJson?.message);
    expect(fromText?.kind).toBe(fromJson?.kind);
    const expectedPrimary = place(fromJson?.primary ?? null);
    // rustc draws one caret under an empty span, so text can only say "one character wide".
    if (expectedPrimary !== null && fromJson?.primary?.columnEnd === fromJson?.primary?.column) expectedPrimary[4] = Number(expectedPrimary[4]) + 1;
    expect(place(fromText?.primary ?? null)).toEqual(expectedPrimary);
    const sorted = (spans: Array<Parameters<typeof place>[0]>) => spans.map(place).map((entry) => JSON.stringify(entry)).sort();
    expect(sorted(fromText?.secondary ?? [])).toEqual(sorted(fromJson?.secondary ?? []));
    expect(fromText?.primary?.byteStart ?? null).toBeNull();
  });
});
