/**
 * The files a verification depends on: paths relative to `root`, with `/` separators, sorted by
 * byte order. The cache hashes exactly these, and the Docker runner copies exactly these, so a
 * file that is not listed can neither change a cached verdict nor reach the container.
 */
export interface VerificationInputs {
  root: string;
  files: string[];
}
