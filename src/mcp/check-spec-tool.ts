import { z } from 'zod';
import { checkSpec, describeCounterexample } from '../specification/index.js';
import type { McpTool } from './mcp-tool.js';
import { openSessionCrate } from './open-session-crate.js';

const input = {
  crate: z.string().min(1).optional().describe('crate directory, relative to the repository root (default: the session\'s, else the root)'),
  functions: z.array(z.string().min(1)).min(1).max(64).describe('the exec functions to check (name or module::path::name)'),
  inputs: z.number().int().min(1).max(100_000).optional().describe('inputs tried per function (default 1000)'),
  seed: z.number().int().min(0).optional().describe('seed of the random inputs'),
};

const output = {
  outcome: z.enum(['none-found', 'counterexample', 'nothing-checked']),
  nothingChecked: z.string().nullable(),
  clausesChecked: z.number().int(),
  inputsChecked: z.number().int(),
  counterexamples: z.array(z.object({ function: z.string(), description: z.string() })),
  notExecutable: z.array(z.object({ function: z.string(), clause: z.string(), line: z.number().int(), reason: z.string() })),
  functions: z.array(z.object({ function: z.string(), status: z.string(), reason: z.string().nullable() })),
};

/** `verus_check_spec`: runs the erased exec code on generated inputs against its requires/ensures (check-spec). */
export const checkSpecTool: McpTool<typeof input, typeof output> = {
  name: 'verus_check_spec',
  title: 'Check a specification on concrete inputs',
  description: "Run the functions' erased exec code on generated inputs (in the pre-check's sandbox) and check their requires/ensures: counterexamples with the smallest input, and the clauses that are not executable with the reasons.",
  input,
  output,
  readOnly: true,
  async run(args, call) {
    const crate = await openSessionCrate(call.context, call.session, { crate: args.crate });
    call.progress('building the spec-check harness (erased exec code, sandboxed)');
    const report = await checkSpec({
      crateDir: crate.absolute, functions: args.functions, environment: call.context.environment, signal: call.signal,
      ...(args.inputs === undefined ? {} : { inputs: args.inputs }), ...(args.seed === undefined ? {} : { seed: args.seed }),
    });
    call.progress('spec check finished');
    const structured = {
      outcome: report.outcome,
      nothingChecked: report.nothingChecked,
      clausesChecked: report.clausesChecked,
      inputsChecked: report.inputsChecked,
      counterexamples: report.functions.flatMap((entry) => (entry.status === 'checked' ? entry.counterexamples.map((counterexample) => ({ function: entry.function, description: describeCounterexample(entry.function, counterexample) })) : [])),
      notExecutable: report.functions.flatMap((entry) => entry.clauses.flatMap((clause) => (clause.status === 'not-executable' ? [{ function: entry.function, clause: `${clause.kind} ${clause.text}`, line: clause.line, reason: clause.reason }] : []))),
      functions: report.functions.map((entry) => ({ function: entry.function, status: entry.status, reason: entry.status === 'not-executable' || entry.status === 'harness-failed' ? entry.reason : null })),
    };
    const summary = `${report.outcome}: ${structured.counterexamples.length} counterexample(s), ${report.clausesChecked} clause(s) checked on ${report.inputsChecked} input(s), ${structured.notExecutable.length} clause(s) not executable${report.nothingChecked === null ? '' : ` (${report.nothingChecked})`}`;
    return { structured, summary };
  },
};
