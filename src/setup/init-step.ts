/** One thing `verus-repair init` did, or left alone, and why. Paths are relative to the repository root. */
export interface InitStep {
  path: string;
  status: 'created' | 'added' | 'left-alone' | 'ok' | 'would-change' | 'changed' | 'note';
  detail: string;
}

/** What `init` found and did; `crateReady` is false while the crate still needs a change `--fix` would make. */
export interface InitReport {
  repositoryRoot: string;
  crateDir: string;
  crateName: string;
  pinFile: string;
  steps: InitStep[];
  crateReady: boolean;
}
