/**
 * Host variables a local Verus or cargo run may see. Everything else is dropped on purpose:
 * RUSTFLAGS would make vstd demand nightly features, RUSTC_WRAPPER would hijack cargo verus, and
 * credentials have no business in a verifier.
 */
export const LOCAL_ENVIRONMENT_ALLOW_LIST = [
  'PATH',
  'HOME',
  'USER',
  'LANG',
  'LC_ALL',
  'TMPDIR',
  'RUSTUP_HOME',
  'CARGO_HOME',
  'VERUS_Z3_PATH',
  'VERUS_CVC5_PATH',
  'VERUS_SINGULAR_PATH',
  'VERUS_ROOT',
] as const;

/** Host variables the docker client needs to reach its daemon; none of them reach the container. */
export const DOCKER_CLIENT_ENVIRONMENT_ALLOW_LIST = [
  'PATH',
  'HOME',
  'DOCKER_HOST',
  'DOCKER_CONTEXT',
  'DOCKER_CONFIG',
  'DOCKER_CERT_PATH',
  'DOCKER_TLS_VERIFY',
] as const;

/** Picks the allowed names (plus the user's `pass_env` names) from an environment, dropping unset ones. */
export function selectEnvironment(
  environment: NodeJS.ProcessEnv,
  allowList: readonly string[],
  passEnv: readonly string[],
): Record<string, string> {
  const selected: Record<string, string> = {};
  for (const name of [...allowList, ...passEnv]) {
    const value = environment[name];
    if (value !== undefined) selected[name] = value;
  }
  return selected;
}
