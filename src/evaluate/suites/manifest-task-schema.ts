import { z } from 'zod';

/**
 * One task of a manifest suite (`[[task]]` in TOML, one object per line in JSONL). Paths are relative
 * to the manifest. Either `crate` (a directory with Cargo.toml) or `single_file` (wrapped in a scratch
 * crate pinned to the toolchain's vstd) names what to repair.
 */
export const manifestTaskSchema = z
  .object({
    id: z.string().min(1),
    crate: z.string().min(1).optional(),
    single_file: z.string().min(1).optional(),
    /** The file under repair, relative to the crate. */
    file: z.string().min(1).default('src/lib.rs'),
    /** A file whose text replaces `file` (the broken variant); default: `file` as it is in the crate. */
    broken: z.string().min(1).optional(),
    /** The verified original, when known. */
    original: z.string().min(1).optional(),
    functions: z.array(z.string().min(1)).default([]),
    defect_class: z.string().min(1).optional(),
    expected_failing_function: z.string().min(1).optional(),
    defects: z.number().int().min(1).default(1),
    source: z.string().min(1).optional(),
    /** The group reports break Correct@k down by (a Verus-Bench source, a VeruSAGE-Bench project, your own). */
    category: z.string().min(1).optional(),
  })
  .strict()
  .refine((task) => (task.crate === undefined) !== (task.single_file === undefined), { message: 'give exactly one of crate or single_file' });

export type ManifestTask = z.output<typeof manifestTaskSchema>;

export const MANIFEST_TASK_EXAMPLE = '[[task]]\nid = "binary-search.missing-sorted-invariant"\ncrate = "binary-search"\nbroken = "binary-search/broken/missing-sorted-invariant.rs"\nfunctions = ["binary_search"]\ndefect_class = "missing-loop-invariant"';
