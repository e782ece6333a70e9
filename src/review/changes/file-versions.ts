/** One crate-relative Rust file at the base and in the working tree; null where it does not exist. */
export interface FileVersions {
  file: string;
  before: string | null;
  after: string | null;
}
