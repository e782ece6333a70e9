import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCliInProcess } from './run-cli-in-process.js';

const scratch = mkdtempSync(join(tmpdir(), 'guard-command-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const ORIGINAL = `use vstd::prelude::*;
verus! {
fn max(a: u64, b: u64) -> (r: u64)
    ensures r >= a && r >= b,
{
    if a > b { a } else { b }
}
}
`;

function file(name: string, content: string | Uint8Array): string {
  const path = join(scratch, name);
  writeFileSync(path, content);
  return path;
}

describe('verus-repair guard', () => {
  const original = file('original.rs', ORIGINAL);

  it('accepts an honest candidate with exit 0', async () => {
    const candidate = file('ok.rs', ORIGINAL.replace('    if a > b', '    assert(true);\n    if a > b'));
    const run = await runCliInProcess('guard', '--original', original, '--candidate', candidate, '--json');
    expect(run.exitCode).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'accept', violations: [] });
  });

  it('rejects an added #[verifier::rlimit] unless --allow-rlimit-increase, which still keeps the ceiling', async () => {
    const raised = file('raised.rs', ORIGINAL.replace('fn max(', '#[verifier::rlimit(30)]\nfn max('));
    const rejected = await runCliInProcess('guard', '--original', original, '--candidate', raised, '--json');
    expect(rejected.exitCode).toBe(1);
    expect(JSON.parse(rejected.stdout)).toMatchObject({ verdict: 'reject', violations: [{ rule: 'rlimit-raised', function: 'max' }] });
    expect((await runCliInProcess('guard', '--original', original, '--candidate', raised, '--allow-rlimit-increase')).exitCode).toBe(0);
    expect((await runCliInProcess('guard', '--original', original, '--candidate', raised, '--allow-rlimit-increase', '--rlimit-ceiling', '20')).exitCode).toBe(1);
  });

  it('rejects cheating with exit 1 and names the rule, function and line', async () => {
    const candidate = file('cheat.rs', ORIGINAL.replace('    if a > b', '    assume(false);\n    if a > b'));
    const run = await runCliInProcess('guard', '--original', original, '--candidate', candidate, '--json');
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toEqual({
      verdict: 'reject',
      violations: [{ rule: 'cheat-construct-added', function: 'max', line: 6, message: expect.stringContaining('assume') }],
      allowedSpecChanges: [],
    });
  });

  it('rejects a #[path] module that smuggles in an external_body lemma (exit 1, module-path-added)', async () => {
    const evilFile = file('evil-lemmas.rs', 'use vstd::prelude::*;\nverus! {\n#[verifier::external_body]\npub proof fn lemma_false() ensures false {}\n}\n');
    const candidate = file('path-bypass.rs', ORIGINAL
      .replace('fn max(', `#[path = ${JSON.stringify(evilFile)}]\nmod evil;\n\nfn max(`)
      .replace('    if a > b', '    proof { evil::lemma_false(); }\n    if a > b'));
    const run = await runCliInProcess('guard', '--original', original, '--candidate', candidate, '--fn', 'max', '--json');
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: 'reject', violations: [{ rule: 'module-path-added', function: null, line: 3, message: expect.stringContaining(evilFile) }] });
  });

  it('honours --allow-spec-change and --fn', async () => {
    const weakened = file('weak.rs', ORIGINAL.replace('ensures r >= a && r >= b,', 'ensures r >= a,'));
    expect((await runCliInProcess('guard', '--original', original, '--candidate', weakened)).exitCode).toBe(1);
    const allowed = await runCliInProcess('guard', '--original', original, '--candidate', weakened, '--allow-spec-change', 'max.ensures', '--fn', 'max');
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stdout).toContain('allowed spec change: max.ensures');
  });

  it('exits 2 on bad input: a missing file, a non-UTF-8 original, a malformed selector', async () => {
    const missing = await runCliInProcess('guard', '--original', join(scratch, 'nope.rs'), '--candidate', original);
    expect(missing.exitCode).toBe(2);
    expect(missing.stderr).toContain('nope.rs');
    const binary = file('binary.rs', new Uint8Array([0x76, 0x65, 0xff, 0xfe, 0x0a]));
    const nonUtf8 = await runCliInProcess('guard', '--original', binary, '--candidate', original);
    expect(nonUtf8.exitCode).toBe(2);
    expect(nonUtf8.stderr).toMatch(/binary\.rs:1:3/);
    expect((await runCliInProcess('guard', '--original', original, '--candidate', original, '--allow-spec-change', 'max')).exitCode).toBe(2);
  });

  const STACK = `use vstd::prelude::*;
verus! {
struct Stack { items: Vec<u64> }
struct Queue { items: Vec<u64> }
impl Stack {
    fn pop(&mut self) -> (r: Option<u64>)
        ensures r.is_some() ==> old(self).items@.len() > 0,
    {
        self.items.pop()
    }
}
impl Queue {
    fn push(&mut self, x: u64) { self.items.push(x); }
}
impl Stack {
    fn push(&mut self, x: u64) { self.items.push(x); }
}
}
`;

  it('--fn resolves a method by its short name or Type::name', async () => {
    const stack = file('stack.rs', STACK);
    const edited = file('stack-edited.rs', STACK.replace('        self.items.pop()', '        proof { assert(true); }\n        self.items.pop()'));
    for (const name of ['pop', 'Stack::pop']) {
      const run = await runCliInProcess('guard', '--original', stack, '--candidate', edited, '--fn', name, '--json');
      expect(run.exitCode).toBe(0);
    }
    const weakened = file('stack-weak.rs', STACK.replace('ensures r.is_some() ==> old(self).items@.len() > 0,', 'ensures true,'));
    const allowed = await runCliInProcess('guard', '--original', stack, '--candidate', weakened, '--fn', 'pop', '--allow-spec-change', 'pop.ensures');
    expect(allowed.exitCode).toBe(0);
    expect(allowed.stdout).toContain('allowed spec change: Stack::pop.ensures');
  });

  it('exits 2 for an ambiguous, an unknown --fn and an --allow-spec-change of a missing function', async () => {
    const stack = file('stack2.rs', STACK);
    const ambiguous = await runCliInProcess('guard', '--original', stack, '--candidate', stack, '--fn', 'push');
    expect(ambiguous.exitCode).toBe(2);
    expect(ambiguous.stderr).toMatch(/--fn push is ambiguous: it matches Queue::push, Stack::push/);
    const unknown = await runCliInProcess('guard', '--original', stack, '--candidate', stack, '--fn', 'no_such_fn');
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/--fn no_such_fn: no function named no_such_fn; functions in the file: Stack::pop/);
    const close = await runCliInProcess('guard', '--original', stack, '--candidate', stack, '--fn', 'popp');
    expect(close.stderr).toMatch(/did you mean Stack::pop/);
    const selector = await runCliInProcess('guard', '--original', stack, '--candidate', stack, '--allow-spec-change', 'nofn.ensures');
    expect(selector.exitCode).toBe(2);
    expect(selector.stderr).toMatch(/--allow-spec-change nofn.ensures: no function named nofn/);
  });
});
