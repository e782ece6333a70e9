/**
 * The isolation every bubblewrap run gets, the probe included (so a probe that passes means a run
 * can start): new PID, network, IPC and UTS namespaces (the sandbox sees neither the parent's
 * processes, so no /proc/<pid>/environ of verus-repair, nor any network), a new session (no
 * TIOCSTI into the terminal), killed with its parent, `/` bound read-only, a fresh /dev, /proc of the
 * new PID namespace, and an empty /tmp of its own.
 */
export const BWRAP_ISOLATION_ARGUMENTS = [
  '--die-with-parent',
  '--unshare-pid',
  '--unshare-net',
  '--unshare-ipc',
  '--unshare-uts',
  '--new-session',
  '--ro-bind', '/', '/',
  '--dev', '/dev',
  '--proc', '/proc',
  '--tmpfs', '/tmp',
] as const;
