/** How a crate's Cargo.toml declares vstd. */
export type VstdDependency =
  | { kind: 'missing' }
  /** `vstd = "REQ"` or `vstd = { version = "REQ", ... }` under [dependencies]. */
  | { kind: 'version'; requirement: string }
  /** A path, git or workspace dependency: its version cannot be compared with the pin. */
  | { kind: 'other'; description: string };

/** What `init` and `doctor` need to know about a crate's Cargo.toml. */
export interface CrateManifest {
  file: string;
  text: string;
  name: string;
  vstd: VstdDependency;
  /** `[package.metadata.verus] verify = true`, which `cargo verus` needs to verify the crate. */
  verifyEnabled: boolean;
}
