/** Limits a worker enforces on what a job hands it; a snapshot or result beyond them is refused. */
export const SNAPSHOT_LIMITS = {
  /** Total decoded bytes of all files. */
  maxBytes: 64 * 1024 * 1024,
  maxFiles: 5000,
  maxPathLength: 400,
  maxPathDepth: 32,
} as const;

/** The largest job payload (target, options, hashes) a worker reads. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** The largest result (verdict plus report) a worker returns or a submitter accepts. */
export const MAX_RESULT_BYTES = 32 * 1024 * 1024;
