/**
 * A Verus invocation before it is placed on a runner: which tool, its arguments, and the directory
 * it runs in relative to the verification root (the crate, or the directory holding the file).
 * Runners map `tool` to a program (`cargo` + `verus`, or the `verus` binary) and the root to a
 * host path or a container path.
 */
export interface VerusCommand {
  /** `cargo-verus` runs `cargo verus <args>`; `verus` runs the verus launcher with `<args>`. */
  tool: 'cargo-verus' | 'verus';
  args: string[];
}
