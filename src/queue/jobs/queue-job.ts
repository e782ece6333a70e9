import path from 'node:path';
import { z } from 'zod';
import type { VerificationOptions, VerificationTarget } from '../../core/verifier.js';
import { checkSnapshotPath } from '../snapshot/check-snapshot-path.js';

export const JOB_FORMAT = 'verus-repair-job/1';

const hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const shortText = z.string().max(1000).refine((text) => !text.includes('\u0000'), 'no NUL characters');

/** Where each kind of the Verifier port's target is (a kind added later needs one of the two). */
const LOCATION_OF_KIND: Record<string, 'crateDir' | 'filePath'> = { crate: 'crateDir', module: 'crateDir', function: 'crateDir', file: 'filePath' };

/**
 * A target with its location replaced: `crateDir` is always `.` (the snapshot's root) and `filePath`
 * is relative to it. Other fields (module, function, a selector, kinds added later) pass through, so
 * the job carries whatever the Verifier port's target holds.
 */
const jobTargetSchema = z.looseObject({
  kind: z.string().regex(/^[a-z-]{1,32}$/),
  crateDir: z.literal('.').optional(),
  filePath: z.string().refine((name) => checkSnapshotPath(name) === null, 'expected a plain relative file name').optional(),
  module: shortText.nullable().optional(),
  function: shortText.optional(),
}).superRefine((target, context) => {
  // Without its location a target would reach the runner as `undefined` (a TypeError there, not a refusal).
  const needs = LOCATION_OF_KIND[target.kind] ?? (target.crateDir === undefined ? 'filePath' : 'crateDir');
  if (target[needs] === undefined) context.addIssue({ code: 'custom', path: [needs], message: `a "${target.kind}" target needs ${needs === 'crateDir' ? 'crateDir "."' : 'a filePath'}` });
});


/** The Verifier port's options, every field: the known ones checked, later ones passed through. */
const jobOptionsSchema = z.looseObject({
  rlimit: z.number().positive().max(1e9),
  expandErrors: z.boolean(),
  noCheating: z.boolean(),
  timeoutMs: z.number().int().positive().max(24 * 3600 * 1000),
  extraVerusArgs: z.array(shortText).max(64),
});

/** What a job holds: everything a worker needs besides the snapshot, which it reads by hash. */
export const queueJobSchema = z
  .object({
    format: z.literal(JOB_FORMAT),
    snapshotHash: hex64,
    pinHash: hex64,
    target: jobTargetSchema,
    options: jobOptionsSchema,
  })
  .strict();

export type QueueJob = z.output<typeof queueJobSchema>;

/** The job form of a target whose inputs were listed under `root`. */
export function toJobTarget(target: VerificationTarget, root: string): QueueJob['target'] {
  const relocated: Record<string, unknown> = { ...target };
  if ('crateDir' in target) relocated['crateDir'] = '.';
  if ('filePath' in target) relocated['filePath'] = path.relative(root, path.resolve(target.filePath)).split(path.sep).join('/');
  return relocated as QueueJob['target'];
}

/** The target again, inside the directory the snapshot was written to. */
export function fromJobTarget(target: QueueJob['target'], directory: string): VerificationTarget {
  const located: Record<string, unknown> = { ...target };
  if (target.crateDir !== undefined) located['crateDir'] = directory;
  if (target.filePath !== undefined) located['filePath'] = path.join(directory, ...target.filePath.split('/'));
  return located as unknown as VerificationTarget;
}

/** Every option but `fresh`, which only decides where the submitter may take a verdict from. */
export function toJobOptions(options: VerificationOptions): QueueJob['options'] {
  const { fresh: _fresh, ...travelling } = options;
  return travelling;
}
