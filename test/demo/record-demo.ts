/**
 * Re-records the demo's inputs (`npm run demo:record`): the SYNTHETIC verifier outputs for every
 * source the demo checks, and the model cassette, recorded against the in-process fake
 * OpenAI-compatible server scripted with the editor's and instructor's answers. Run it after a
 * change to prompts or to the editor's context, which changes the recorded request digests.
 * The demo crate (demo/binary-search) is refreshed from rust-fixtures/binary-search first: the
 * fixture's manifest, and its broken variant as src/lib.rs.
 */
import { copyFile, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createIrCandidateApplier } from '../../src/agents/index.js';
import { parseVerusSource } from '../../src/ir/index.js';
import { computeSourceSha256 } from '../../src/core/source-digest.js';
import { DEMO_RUN_ID, demoPaths } from '../../src/demo/demo-paths.js';
import { runDemo } from '../../src/demo/run-demo.js';
import { pruneFailingAddedProofs } from '../../src/repair/candidates/prune-failing-proofs.js';
import { parseVerifierOutput } from '../../src/diagnostics/parse-verifier-output.js';
import { startFakeOpenAiServer, type FakeChoice } from '../fake-openai-server.js';
import { buildSyntheticVerusOutput, type SyntheticError } from './synthetic-verus-output.js';

const FILE = 'src/lib.rs';
const paths = demoPaths();
const fixture = path.resolve(paths.assets, '..', 'rust-fixtures', 'binary-search');
await copyFile(path.join(fixture, 'Cargo.toml'), path.join(paths.crate, 'Cargo.toml'));
await copyFile(path.join(fixture, 'broken', 'missing-sorted-invariant.rs'), paths.brokenSource);
const broken = await readFile(paths.brokenSource, 'utf8');
const reference = await readFile(path.join(fixture, FILE), 'utf8');
const applier = await createIrCandidateApplier(FILE);

async function functionText(source: string): Promise<string> {
  const ir = await parseVerusSource(source, { file: FILE });
  const fn = ir.functions.find((candidate) => candidate.qualifiedName === 'binary_search');
  if (fn === undefined) throw new Error('binary_search not found');
  return ir.source.sliceBytes(fn.span.byteStart, fn.span.byteEnd);
}

function apply(code: string): string {
  const applied = applier.apply(broken, { kind: 'functions', functions: [{ name: 'binary_search', code }] });
  if (applied.status !== 'applied') throw new Error(applied.problem);
  return applied.source;
}

const weak = await functionText(broken.replace('            lo <= hi <= v.len(),\n', '            lo <= hi <= v.len(),\n            hi - lo <= v.len(),\n'));
const cheat = await functionText(broken.replace('        let mid = lo + (hi - lo) / 2;', '        proof { assume(sorted(v@)); }\n        let mid = lo + (hi - lo) / 2;'));
const overeager = await functionText(reference.replace('            sorted(v@),\n', '            sorted(v@),\n            lo < v.len(),\n'));

const bracketErrors: SyntheticError[] = [
  { message: 'invariant not satisfied at end of loop body', anchor: 'forall|i: int| 0 <= i < lo ==> v@[i] < key', label: null },
  { message: 'invariant not satisfied at end of loop body', anchor: 'forall|i: int| hi <= i < v.len() ==> v@[i] > key', label: null },
];
const overeagerSource = apply(overeager);
const overeagerRun = { crate: 'binary-search', file: FILE, source: overeagerSource, errors: [{ message: 'invariant not satisfied before loop', anchor: 'lo < v.len()', label: null }], functions: [{ name: 'binary_search', success: false }] };
const overeagerOutput = buildSyntheticVerusOutput(overeagerRun);
const pruned = pruneFailingAddedProofs(
  await parseVerusSource(broken, { file: FILE }),
  await parseVerusSource(overeagerSource, { file: FILE }),
  parseVerifierOutput(overeagerOutput).diagnostics,
);
if (pruned === null) throw new Error('the over-eager candidate should be prunable');

const runs = [
  { label: 'baseline: broken proof', source: broken, errors: bracketErrors },
  { label: 'iteration 1 sample 0: weak invariant', source: apply(weak), errors: bracketErrors },
  { label: 'iteration 2 sample 0: over-eager invariant', source: overeagerSource, errors: overeagerRun.errors },
  { label: 'iteration 2 sample 0, pruned: verified', source: pruned.source, errors: [] },
];
const recordings = runs.map((run) => {
  const output = buildSyntheticVerusOutput({ crate: 'binary-search', file: FILE, source: run.source, errors: run.errors, functions: [{ name: 'binary_search', success: run.errors.length === 0 }, { name: 'sorted', success: true }] });
  return { sourcesSha256: computeSourceSha256([{ path: FILE, bytes: new TextEncoder().encode(run.source) }]), label: run.label, ...output };
});
await mkdir(path.dirname(paths.verifierRecordings), { recursive: true });
await writeFile(paths.verifierRecordings, `${JSON.stringify({
  schema: 'verus-repair/verifier-recordings@1',
  provenance: 'synthetic',
  note: 'Written by test/demo/record-demo.ts for the demo. Outputs are shaped like cargo verus verify --message-format=json -- --output-json --time, with errors we predict for each source; no real Verus run produced them.',
  recordings,
}, null, 2)}\n`);

const toolCall = (code: string, rationale: string): FakeChoice => ({
  toolCalls: [{ name: 'submit_candidate', arguments: JSON.stringify({ request_id: DEMO_RUN_ID, candidate: { functions: [{ name: 'binary_search', code }] }, rationale }) }],
});
const server = await startFakeOpenAiServer();
server.script(
  { kind: 'completion', usage: { prompt_tokens: 1900, completion_tokens: 520 }, choices: [
    toolCall(weak, 'Bound the search window by the vector length so the bracketing invariants can be re-established.'),
    toolCall(cheat, 'Assume the vector stays sorted inside the loop.'),
  ] },
  { kind: 'completion', usage: { prompt_tokens: 700, completion_tokens: 60 }, choices: [{ text: 'Add `sorted(v@)` to the loop invariant: Verus checks the loop body in isolation, so the precondition `sorted(v@)` is not known inside the loop. Keep both bracketing invariants; they only fail because sortedness is missing.' }] },
  { kind: 'completion', usage: { prompt_tokens: 2500, completion_tokens: 540 }, choices: [
    toolCall(overeager, 'Carry sorted(v@) into the loop and bound lo by the length.'),
    toolCall(weak, 'Bound the search window by the vector length.'),
  ] },
);
await rm(paths.cassette, { force: true });
try {
  const result = await runDemo(process.stdout, { kind: 'record', baseUrl: server.baseUrl });
  if (result.outcome !== 'verified' || server.remainingSteps() !== 0) throw new Error(`recording did not go as scripted: ${result.outcome}, ${server.remainingSteps()} steps left`);
} finally {
  await server.close();
}
