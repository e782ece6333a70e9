import { z } from 'zod';

/** One rustc error from cargo's JSON messages: its rendered text and the lines of the harness module it touches. */
export interface BuildError {
  rendered: string;
  harnessLines: number[];
}

export interface BuildMessages {
  errors: BuildError[];
  executable: string | null;
  /** The targets this build compiled (not fresh from an earlier build), by name. */
  compiled: string[];
  /** The files cargo wrote for the package in `packageDirectory` (its lib and the harness binary, the uplifted copy included). */
  packageFiles: string[];
}

const SPAN = z.object({ file_name: z.string(), line_start: z.number(), is_primary: z.boolean() });
const MESSAGE = z.object({
  reason: z.literal('compiler-message'),
  message: z.object({ level: z.string(), rendered: z.string().nullable(), spans: z.array(SPAN) }),
});
const ARTIFACT = z.object({
  reason: z.literal('compiler-artifact'), package_id: z.string().optional(), target: z.object({ name: z.string() }),
  filenames: z.array(z.string()).optional(), executable: z.string().nullable().optional(), fresh: z.boolean().optional(),
});

/**
 * Reads cargo's `--message-format=json` stdout: errors (with the harness lines they point at), the
 * built binary, and the files written for the package in `packageDirectory`. Cargo names a path
 * package `path+file://<its directory>#...` in each artifact message's package_id, and lists the
 * files it wrote in `filenames` (C util/machine_message.rs `Artifact`; core/compiler/mod.rs emits it,
 * cargo 0.96.0); a registry package such as vstd, or the runtime crate, is never among them.
 */
export function readBuildMessages(stdout: string, harnessFile: string, binary: string, packageDirectory?: string): BuildMessages {
  const errors: BuildError[] = [];
  let executable: string | null = null;
  const compiled: string[] = [];
  const packageFiles: string[] = [];
  const ownPackage = packageDirectory === undefined ? null : `path+file://${packageDirectory}#`;
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const message = MESSAGE.safeParse(value);
    if (message.success && message.data.message.level === 'error') {
      const spans = [...message.data.message.spans].sort((left, right) => Number(right.is_primary) - Number(left.is_primary));
      const harnessLines = spans.filter((span) => span.file_name.endsWith(harnessFile)).map((span) => span.line_start);
      errors.push({ rendered: message.data.message.rendered ?? '', harnessLines });
    }
    const artifact = ARTIFACT.safeParse(value);
    if (artifact.success && artifact.data.target.name === binary && typeof artifact.data.executable === 'string') executable = artifact.data.executable;
    if (artifact.success && artifact.data.fresh === false) compiled.push(artifact.data.target.name);
    if (artifact.success && ownPackage !== null && artifact.data.package_id?.startsWith(ownPackage) === true) {
      packageFiles.push(...(artifact.data.filenames ?? []), ...(typeof artifact.data.executable === 'string' ? [artifact.data.executable] : []));
    }
  }
  return { errors, executable, compiled, packageFiles: [...new Set(packageFiles)] };
}
