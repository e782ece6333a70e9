import { describe, expect, it } from 'vitest';
import { parseHumanDiagnostics } from './parse-human-diagnostics.js';
import { readSourceSnippet } from './read-source-snippet.js';

const parse = (text: string) => parseHumanDiagnostics(text.split('\n'));

describe('parseHumanDiagnostics', () => {
  it('reads header, code, primary location, label and attached notes', () => {
    const { drafts, unparsedLineCount } = parse(
      ['error[E0432]: unresolved import `crate::ParaPair`', '  --> src/lib.rs:12:9', '   |', '12 |     use crate::ParaPair;', '   |         ^^^^^^^^^^^^^^^ no `ParaPair` in the root', '   |', '   = help: consider importing it', ''].join('\n'),
    );
    expect(unparsedLineCount).toBe(0);
    expect(drafts).toEqual([
      {
        message: 'unresolved import `crate::ParaPair`',
        severity: 'error',
        code: 'E0432',
        primary: { file: 'src/lib.rs', line: 12, column: 9, lineEnd: 12, columnEnd: 24, byteStart: null, byteEnd: null, label: 'no `ParaPair` in the root', sourceText: '    use crate::ParaPair;' },
        secondary: [],
        notes: ['help: consider importing it'],
        expansion: null,
      },
    ]);
  });

  it('reads a multi-line primary span opened by ` ___^` and its secondary label (088.txt)', () => {
    const { drafts } = parse(
      [
        'error: postcondition not satisfied',
        '  --> rust_verify/example/assertions.rs:21:17',
        '   |',
        '21 |   fn fails_post() {',
        '   |  _________________^',
        '22 | |     ensures(false);',
        '   | |             ----- failed this postcondition',
        '23 | |',
        '26 | | }',
        '   | |_^ at the end of the function body',
      ].join('\n'),
    );
    expect(drafts[0]?.primary).toMatchObject({ line: 21, column: 17, lineEnd: 26, columnEnd: 2, label: 'at the end of the function body' });
    expect(drafts[0]?.secondary).toMatchObject([{ line: 22, column: 13, columnEnd: 18, label: 'failed this postcondition' }]);
  });

  it('ends a multi-line span at a lone marker when the closing row only carries the label (006.txt)', () => {
    const spans = readSourceSnippet({
      file: 'a.rs',
      line: 213,
      column: 25,
      role: 'primary',
      rows: [
        { lineNumber: 204, content: '/                         existed ==> found_idx < bucket_len' },
        { lineNumber: 205, content: '|                             && original[found_idx as int].0 == key,' },
        { lineNumber: null, content: '|                                                                  -' },
        { lineNumber: null, content: '|                                                                  |' },
        { lineNumber: null, content: '|__________________________________________________________________failed this invariant' },
        { lineNumber: null, content: '                                                                   (hint: use invariant_except_break)' },
        { lineNumber: 213, content: '                          break;' },
        { lineNumber: null, content: '                          ^^^^^ at this loop exit' },
      ],
    });
    expect(spans.map(({ span, isPrimary }) => [isPrimary, span.line, span.column, span.lineEnd, span.columnEnd, span.label])).toEqual([
      [false, 204, 25, 205, 67, 'failed this invariant\n(hint: use invariant_except_break)'],
      [true, 213, 25, 213, 30, 'at this loop exit'],
    ]);
  });

  it('matches stacked labels to their runs by column (034.txt)', () => {
    const { drafts } = parse(
      [
        'error[E0308]: mismatched types',
        '   --> src/a.rs:639:34',
        '    |',
        '639 |             let ghost jv = verts[j]@;',
        '    |                            ------^-',
        '    |                            |     |',
        '    |                            |     expected `int`, found `usize`',
        '    |                            arguments to this method are incorrect',
        '    |',
        'note: method defined here',
        '   --> vstd/std_specs/vec.rs:22:12',
        '',
      ].join('\n'),
    );
    expect(drafts[0]?.primary).toMatchObject({ line: 639, column: 34, columnEnd: 35, label: 'expected `int`, found `usize`' });
    expect(drafts[0]?.secondary.map((span) => [span.file, span.column, span.columnEnd, span.label])).toEqual([
      ['src/a.rs', 28, 34, 'arguments to this method are incorrect'],
      ['src/a.rs', 35, 36, null],
    ]);
    expect(drafts[0]?.notes).toEqual(['note: method defined here']);
  });

  it('uses the printed column on rows rustc shortened with `...`', () => {
    const { drafts } = parse(['note: automatically chose triggers for this expression:', '   --> src/a.rs:256:29', '    |', '256 | ...                   assert forall|x: T| f(x)', '    |                       ^^^^^^', ''].join('\n'));
    expect(drafts[0]?.primary).toMatchObject({ line: 256, column: 29, columnEnd: 35 });
  });

  it('reads `:::` locations in other files as secondary spans', () => {
    const { drafts } = parse(['error: precondition not satisfied', '  --> src/a.rs:5:9', '   |', '5  |     f(x);', '   |     ^^^^', '   |', '  ::: src/b.rs:2:14', '   |', '2  |     requires x > 0,', '   |              ----- failed precondition', ''].join('\n'));
    expect(drafts[0]?.secondary).toMatchObject([{ file: 'src/b.rs', line: 2, column: 14, columnEnd: 19, label: 'failed precondition' }]);
  });

  it('joins indented continuation lines to the message or the last note', () => {
    const { drafts } = parse(['note: Verus printed one or more automatically chosen quantifier triggers', '      because it had low confidence.', '', 'error: x', '  --> a.rs:1:1', '   = help: The following declaration may resolve this error:', '           pub assume_specification f;', ''].join('\n'));
    expect(drafts[0]?.message).toBe('Verus printed one or more automatically chosen quantifier triggers\nbecause it had low confidence.');
    expect(drafts[1]?.notes).toEqual(['help: The following declaration may resolve this error:\npub assume_specification f;']);
  });

  it('collects the out-of-band --expand-errors note and tree as expansion drafts', () => {
    const { drafts } = parse(['error: precondition not satisfied', '  --> a.rs:3:5', '', 'note: diagnostics via expansion', '  --> b.rs:50:13', '   |', '50 |     &&& p()', '', 'note: ', '', 'p()', '|   q() ✘', '+---', '', 'verification results:: 1 verified, 1 errors'].join('\n'));
    expect(drafts.map((draft) => [draft.severity, draft.message, draft.expansion])).toEqual([
      ['error', 'precondition not satisfied', null],
      ['note', 'diagnostics via expansion', 'p()\n|   q() ✘\n+---'],
    ]);
  });

  it('keeps diagnostics without a location (guide excerpts) and places no spans', () => {
    const { drafts, unparsedLineCount } = parse(['error: assertion failed', '   |', '   |     assert(n == 80);', '   |            ^^^^^^^ assertion failed'].join('\n'));
    expect(drafts).toMatchObject([{ message: 'assertion failed', primary: null, secondary: [] }]);
    expect(unparsedLineCount).toBe(0);
  });

  it('reads panics with their payload and skips the backtrace hint', () => {
    const { drafts } = parse(["thread '<unnamed>' (28777) panicked at air/src/smt_process.rs:93:17:", 'Got too many empty lines!', 'note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace', 'Elapsed: 143s'].join('\n'));
    expect(drafts).toMatchObject([{ message: "thread '<unnamed>' (28777) panicked at air/src/smt_process.rs:93:17:", severity: 'error', notes: ['Got too many empty lines!'] }]);
  });

  it('skips known noise and counts unknown lines', () => {
    const { drafts, unparsedLineCount, summaries } = parse(['Mode: full', 'ξ ./verus test.rs', 'error: aborting due to 1 previous error', 'For more information about this error, try `rustc --explain E0308`.', '   Compiling demo v0.1.0 (/work/demo)', '  --> stray.rs:1:1', 'verification results:: 2 verified, 0 errors'].join('\n'));
    expect(drafts).toEqual([]);
    expect(summaries).toEqual([{ verified: 2, errors: 0 }]);
    expect(unparsedLineCount).toBe(2);
  });
});
