/**
 * The most checks one command runs side by side (`review --jobs`, `[review] jobs`, `bench --jobs`).
 * Each job is a cargo build or a verifier process of its own; past this, a machine thrashes long
 * before it gains, and a typo such as `--jobs 1000` would start a thousand compilers.
 */
export const MAX_JOBS = 64;
