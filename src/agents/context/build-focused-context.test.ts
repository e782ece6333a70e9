import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseVerusSource, type VerusFileIr } from '../../ir/index.js';
import type { EditorTask } from '../editor/editor-agent.js';
import { loadFixtureTasks, type FixtureTask } from '../testing/load-fixture-tasks.js';
import { makeDiagnostic } from '../testing/make-diagnostic.js';
import { buildFocusedContext } from './build-focused-context.js';

const SYNTHETIC = readFileSync(new URL('../../../test/fixtures/agents/max-and-sum.rs', import.meta.url), 'utf8');
const FIXTURES = loadFixtureTasks(fileURLToPath(new URL('../../../rust-fixtures', import.meta.url)));
const force = { wholeFileMaxTokens: 0 };

function linesOf(code: string): string[] {
  return code.split('\n');
}

describe('buildFocusedContext on the synthetic fixture', () => {
  let ir: VerusFileIr;
  beforeAll(async () => {
    ir = await parseVerusSource(SYNTHETIC, { file: 'src/lib.rs' });
  });
  const task = (targets: string[], line: number): EditorTask => ({
    requestId: 'r',
    filePath: 'src/lib.rs',
    originalSource: SYNTHETIC,
    targets,
    diagnostics: [makeDiagnostic({ primary: { file: 'src/lib.rs', line, column: 13, lineEnd: line, columnEnd: 37, byteStart: null, byteEnd: null, label: null, sourceText: null } })],
  });

  it('shows the target in full, the spec fns it uses with bodies, and nothing unrelated', () => {
    const { code } = buildFocusedContext(ir, task(['sum_small'], 40), force);
    expect(code).toContain('// fn sum_small (to repair)');
    expect(code).toContain('// fn sum_to (spec fn)');
    expect(code).toContain('if n == 0 { 0 } else { n + sum_to((n - 1) as nat) }');
    expect(code).not.toContain('max_of');
    expect(code).not.toContain('lemma_sum_to_grows');
    const lines = linesOf(code);
    const failing = lines.findIndex((line) => line.startsWith('40 |'));
    expect(lines[failing]).toContain('total == sum_to(i as nat),');
    expect(lines[failing + 1]).toMatch(/^ {3}\| {13}\^{24} VERIFIER: postcondition not satisfied$/);
  });

  it('includes the type of a method and elides the bodies of called functions', () => {
    const withCall = SYNTHETIC.replace('    if a > b { a } else { b }', '    let s = sum_small(3);\n    if a > b { a } else { b }');
    const callingIr = ir;
    expect(buildFocusedContext(callingIr, task(['Counter::bump'], 58), force).code).toContain('// Counter (type definition)');
    return parseVerusSource(withCall, { file: 'src/lib.rs' }).then((parsed) => {
      const { code } = buildFocusedContext(parsed, { ...task(['max_of'], 23), originalSource: withCall }, force);
      expect(code).toContain('// fn sum_small (called: signature and specification, body omitted)');
      expect(code).toContain('r == sum_to(n as nat),');
      expect(code).toContain('{ ... }');
      expect(code).not.toContain('total = total + i;');
    });
  });

  it('sends the whole file when it is small, or when the target is unknown', () => {
    expect(linesOf(buildFocusedContext(ir, task(['sum_small'], 40)).code)).toHaveLength(SYNTHETIC.trimEnd().split('\n').length + 3);
    expect(buildFocusedContext(ir, task(['no_such_fn'], 41), force).code).toContain('max_of');
  });
});

describe('buildFocusedContext on every rust-fixtures variant', () => {
  const parsed = new Map<FixtureTask, VerusFileIr>();
  beforeAll(async () => {
    for (const fixture of FIXTURES) parsed.set(fixture, await parseVerusSource(fixture.task.originalSource, { file: 'src/lib.rs' }));
  });

  it('finds fixtures to check', () => {
    expect(FIXTURES.length).toBeGreaterThan(0);
  });

  it('always includes the target in full, a marker under each failing line, and the specs of its callees', () => {
    for (const fixture of FIXTURES) {
      const ir = parsed.get(fixture)!;
      const { code } = buildFocusedContext(ir, fixture.task, force);
      const shown = new Set(linesOf(code).flatMap((line) => (/^\s*(\d+) \|/.exec(line)?.[1] ? [Number(/^\s*(\d+) \|/.exec(line)![1])] : [])));
      const name = `${fixture.crate}/${fixture.variant}`;
      const target = ir.functions.find((fn) => fn.name === fixture.task.targets[0]);
      expect(target, name).toBeDefined();
      for (let line = target!.span.lineStart; line <= target!.span.lineEnd; line += 1) expect(shown.has(line), `${name}: target line ${line}`).toBe(true);
      const codeLines = linesOf(code);
      for (const diagnostic of fixture.task.diagnostics) {
        const at = codeLines.findIndex((line) => new RegExp(`^\\s*${diagnostic.primary!.line} \\|`).test(line));
        expect(at, `${name}: failing line ${diagnostic.primary!.line}`).toBeGreaterThanOrEqual(0);
        expect(codeLines.slice(at + 1, at + 4).some((line) => line.includes(`^ VERIFIER: ${diagnostic.message}`)), `${name}: marker`).toBe(true);
      }
      const targetText = fixture.task.originalSource.split('\n').slice(target!.span.lineStart - 1, target!.span.lineEnd).join('\n');
      for (const callee of ir.functions) {
        if (callee === target || !new RegExp(`\\b${callee.name}\\s*\\(`).test(targetText)) continue;
        const specEnd = callee.body === null ? callee.span.lineEnd : callee.body.span.lineStart - 1;
        for (let line = callee.span.lineStart; line <= specEnd; line += 1) expect(shown.has(line), `${name}: spec of ${callee.qualifiedName} line ${line}`).toBe(true);
      }
    }
  });
});
