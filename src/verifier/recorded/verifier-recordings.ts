import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { InputError } from '../../core/errors.js';

/**
 * Recorded verifier outputs keyed by the sha256 of a crate's `src/` files: the verifier's analogue
 * of a model cassette. The demo and end-to-end tests replay them. `provenance` is the file's own
 * claim: `synthetic` when they were written for the project, `captured` when they were captured from a
 * verifier run (whose documents carry the version that binary reported); verdicts replayed from either kind are
 * labelled `recorded outputs from FILE` (plus `(synthetic)`), never as a run of Verus.
 */
const recordingSchema = z.object({
  sourcesSha256: z.string().regex(/^[0-9a-f]{64}$/),
  label: z.string(),
  exitCode: z.number().int(),
  stdout: z.string(),
  stderr: z.string(),
});

const recordingsSchema = z.object({
  schema: z.literal('verus-repair/verifier-recordings@1'),
  provenance: z.enum(['captured', 'synthetic']),
  note: z.string(),
  recordings: z.array(recordingSchema),
});

export type VerifierRecording = z.infer<typeof recordingSchema>;
export type VerifierRecordings = z.infer<typeof recordingsSchema>;

export async function readVerifierRecordings(file: string): Promise<VerifierRecordings> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new InputError('unreadable-recordings', `cannot read verifier recordings: ${(error as Error).message.split('\n')[0]}`, { file, line: 1, column: 1 });
  }
  const parsed = recordingsSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new InputError('invalid-recordings', `not a verifier recordings file: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`, { file, line: 1, column: 1 });
  }
  return parsed.data;
}
