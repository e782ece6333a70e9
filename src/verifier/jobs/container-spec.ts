/** A bind mount into the container. Verifier runs only ever mount the temporary crate copy, read-only. */
export interface ContainerMount {
  source: string;
  target: string;
  readOnly: boolean;
}

/**
 * One `docker run` as plain data: what is mounted, which limits apply, how the container is named
 * and labelled (so a killed run can be removed), and the command run inside it.
 */
export interface ContainerSpec {
  image: string;
  /** `verus-repair-<runid>-<n>`: unique per run, used by `docker rm -f` after a timeout. */
  name: string;
  labels: Record<string, string>;
  user: string;
  network: 'none';
  mounts: ContainerMount[];
  /** tmpfs mounts: target path → mount options (`rw,exec,size=...`). */
  tmpfs: Record<string, string>;
  /** The container's complete extra environment: an explicit list, never copied from the host. */
  env: Record<string, string>;
  workdir: string;
  limits: { memory: string; pidsLimit: number; cpus: number };
  command: string[];
}
