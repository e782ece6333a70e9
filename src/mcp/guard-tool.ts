import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { DEFAULT_GUARD_POLICY, GUARD_RULES, type GuardVerdict } from '../core/guard-verdict.js';
import { guardCandidate } from '../guard/guard-candidate.js';
import { guardSessionFiles } from './check-session-candidate.js';
import { confineRepoPath } from './confine-repo-path.js';
import type { McpTool } from './mcp-tool.js';
import { McpToolError } from './mcp-tool-error.js';
import { openSessionCrate, readSessionFiles } from './open-session-crate.js';
import { selectTargetFile } from './select-target-file.js';

export const guardViolationSchema = z.object({ rule: z.enum(GUARD_RULES), file: z.string(), function: z.string().nullable(), line: z.number().int(), message: z.string() });

const input = {
  file: z.string().min(1).describe('the file to judge, relative to the repository root'),
  against: z.string().min(1).max(200).optional().describe('a git ref to compare with instead of the session baseline (the file when the session first saw it)'),
};

const output = {
  file: z.string(),
  against: z.string().describe('"baseline" or the ref'),
  verdict: z.enum(['accept', 'reject']),
  violations: z.array(guardViolationSchema),
  allowedSpecChanges: z.array(z.object({ function: z.string(), clause: z.string() })),
};

/** A git ref as an agent may name it: no option, no revision range or expression beyond `~n`/`^n`. */
const REF_PATTERN = /^(?!-)[A-Za-z0-9._/@-]+([~^][0-9]*)*$/;

/** `verus_guard`: accept or reject the file as it stands (cheat constructs, exec code changed, spec changed). */
export const guardTool: McpTool<typeof input, typeof output> = {
  name: 'verus_guard',
  title: 'Integrity guard',
  description: 'Accept or reject the file as it now stands against the session baseline (or a git ref), with the reasons: cheat constructs (assume, admit, external_body...), executable code changed, specification changed, edits outside verus!.',
  input,
  output,
  readOnly: true,
  async run(args, call) {
    const confined = await confineRepoPath(call.context.repoRoot, args.file, 'file');
    let verdict: GuardVerdict;
    if (args.against === undefined) {
      const crate = await openSessionCrate(call.context, call.session, { file: confined.relative });
      const files = await readSessionFiles(call.context, crate);
      const target = selectTargetFile(call.session, crate, files, confined.relative);
      verdict = await guardSessionFiles(crate.baseline.files, files, target.file);
    } else {
      if (!REF_PATTERN.test(args.against)) throw new McpToolError(`against ${JSON.stringify(args.against)}: expected a git ref (a branch, tag or commit, e.g. HEAD~1)`);
      const commit = await call.context.ledger.resolveCommit(args.against);
      if (commit === null) throw new McpToolError(`against ${JSON.stringify(args.against)}: no such commit in the repository`);
      const before = await call.context.ledger.readFileAt(commit, confined.relative);
      if (before === null) throw new McpToolError(`${confined.relative} does not exist at ${args.against}`);
      const after = new Uint8Array(await readFile(confined.absolute));
      verdict = await guardCandidate({ original: new Map([[confined.relative, before]]), candidate: new Map([[confined.relative, after]]), editableFiles: [confined.relative], policy: DEFAULT_GUARD_POLICY });
    }
    const violations = verdict.verdict === 'reject' ? verdict.violations : [];
    const structured = { file: confined.relative, against: args.against ?? 'baseline', verdict: verdict.verdict, violations, allowedSpecChanges: verdict.allowedSpecChanges };
    const summary = verdict.verdict === 'accept' ? `accept: ${confined.relative} is an honest proof edit against ${structured.against}` : `reject: ${violations.map((violation) => `${violation.rule}${violation.function === null ? '' : ` in ${violation.function}`} (line ${violation.line})`).join('; ')}`;
    return { structured, summary };
  },
};
