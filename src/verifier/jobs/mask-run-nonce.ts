/** What a recorded command shows in place of the run's nonce. */
export const RUN_NONCE_PLACEHOLDER = '<nonce>';

/**
 * The argv as recorded in a verdict (`command`, the ledger's `Verifier-Args`): the executed argv
 * with this run's nonce replaced by `<nonce>`. Verdicts are cached, shared between workers and
 * compared between runs; a value that changes on every run must not make equal verdicts differ.
 */
export function maskRunNonce(argv: readonly string[], runNonce: string | null): string[] {
  if (runNonce === null || runNonce === '') return [...argv];
  return argv.map((argument) => argument.split(runNonce).join(RUN_NONCE_PLACEHOLDER));
}
