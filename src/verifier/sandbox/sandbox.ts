/**
 * Where a crate's own code runs (its build script, its tests, a spec-check harness): code the user
 * may not have written (a third-party suite, a crate under review, a model's candidate).
 * - `bwrap`: bubblewrap on the host, with new PID, network, IPC and UTS namespaces, the whole file
 *   system read-only except the crate copy, the target directory and a private /tmp
 *   (wrap-in-bwrap.ts);
 * - `docker`: the Docker runner's container, as Verus runs (wrap-in-container.ts);
 * - `none`: the host, with the user's rights; `reason` says why (said once per run).
 */
export type Sandbox =
  | { kind: 'bwrap'; program: string }
  | { kind: 'docker'; image: string }
  | { kind: 'none'; reason: string };

export type SandboxSetting = 'auto' | 'bwrap' | 'docker' | 'none';
