import { z } from 'zod';

const sha256Hex = /^[0-9a-f]{64}$/;
const semver = /^\d+\.\d+\.\d+$/;
/** vstd and Verus's companion crates publish dated pre-releases of 0.0.0, required exactly (`=`). */
const exactVstdStyleVersion = z.string().regex(/^=0\.0\.0-\d{4}-\d{2}-\d{2}-\d{4}$/);

/**
 * verus-toolchain/pin.toml as written. Every table is required: the pin is the single source of
 * truth for the Docker image, so nothing is defaulted. Cross-field rules (the asset name follows
 * the release, the triple follows the channel) are checked in read-toolchain-pin.ts.
 */
export const toolchainPinSchema = z
  .object({
    verus: z
      .object({
        release: z.string().regex(/^0\.\d{4}\.\d{2}\.\d{2}\.[0-9a-f]{7}$/),
        asset: z.string().regex(/^verus-[0-9a-f.]+-x86-linux\.zip$/),
        url: z.string().regex(/^https:\/\/\S+\.zip$/),
        sha256: z.union([z.literal(''), z.string().regex(sha256Hex)]),
      })
      .strict(),
    rust: z.object({ toolchain: z.string().regex(semver), triple: z.string().regex(/^\d+\.\d+\.\d+-x86_64-unknown-linux-gnu$/) }).strict(),
    rustup: z.object({ version: z.string().regex(semver), sha256: z.string().regex(sha256Hex) }).strict(),
    z3: z.object({ version: z.string().regex(semver) }).strict(),
    // The three crates vstd requires exactly are optional so that pins written before them stay valid.
    vstd: z
      .object({
        version: exactVstdStyleVersion,
        verus_builtin: exactVstdStyleVersion.optional(),
        verus_builtin_macros: exactVstdStyleVersion.optional(),
        verus_state_machines_macros: exactVstdStyleVersion.optional(),
      })
      .strict(),
    image: z
      .object({
        base: z.string().regex(/^[a-z0-9./:_-]+@sha256:[0-9a-f]{64}$/),
        repository: z.string().regex(/^[a-z0-9]+(?:[._-][a-z0-9]+)*(?:\/[a-z0-9]+(?:[._-][a-z0-9]+)*)*$/),
      })
      .strict(),
  })
  .strict();

/**
 * The pinned toolchain: one Verus release zip (checked by sha256), the Rust toolchain it was built
 * for, the rustup installer, the Z3 it bundles, the crates.io vstd paired with it, and the base
 * image by digest. Its canonical hash names the Docker image (see image-tag-for-pin.ts).
 */
export type ToolchainPin = z.output<typeof toolchainPinSchema>;

/** The pin's `[vstd]`: vstd's version and, when recorded, those of the crates it requires exactly. */
export type VstdPin = ToolchainPin['vstd'];

/** The Linux asset name of a Verus release, as published on GitHub. */
export function assetForRelease(release: string): string {
  return `verus-${release}-x86-linux.zip`;
}

/** The download URL of a release asset (`/` in the tag `release/<version>` is escaped as %2F). */
export function urlForRelease(release: string): string {
  return `https://github.com/verus-lang/verus/releases/download/release%2F${release}/${assetForRelease(release)}`;
}

/** The rustup triple for a Rust channel on x86_64 Linux, as the Verus launcher checks it. */
export function tripleForRust(toolchain: string): string {
  return `${toolchain}-x86_64-unknown-linux-gnu`;
}
