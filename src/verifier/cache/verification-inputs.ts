/**
 * The files a verification depends on: paths relative to `root`, with `/` separators, sorted by
 * byte order. The cache hashes exactly these, and the Docker runner copies exactly these, so a
 * file that is not listed can neither change a cached verdict nor reach the container.
 */
export interface VerificationInputs {
  root: string;
  files: string[];
  /** For a crate: what cargo also reads outside `root` (listOutsideInputs); absent when nothing. The cache hashes these too. */
  outside?: OutsideInputs;
}

/** Files outside a crate that its build reads, and why. */
export interface OutsideInputs {
  /** Absolute paths, sorted: the workspace's root manifest, the enclosing Cargo.lock, path dependencies' manifests and sources. */
  files: string[];
  workspaceManifest: string | null;
  /** The manifest takes keys from its workspace (`workspace = true`). */
  inherits: boolean;
  /** Path dependencies outside the crate (absolute). */
  pathDependencies: string[];
}
