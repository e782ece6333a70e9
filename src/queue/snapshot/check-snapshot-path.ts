import { SNAPSHOT_LIMITS } from './snapshot-limits.js';

/**
 * Why a file name from a job cannot be written inside the private directory, or null when it can:
 * only plain relative `/`-separated names, no absolute paths, no `..` or `.` segments, no
 * backslashes, control characters or empty segments.
 */
export function checkSnapshotPath(name: string): string | null {
  if (name.length === 0 || name.length > SNAPSHOT_LIMITS.maxPathLength) return `file name length must be 1-${SNAPSHOT_LIMITS.maxPathLength}`;
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return `absolute path ${JSON.stringify(name)}`;
  if (/[\\\u0000-\u001f\u007f]/.test(name)) return `file name ${JSON.stringify(name)} holds a backslash or control character`;
  const segments = name.split('/');
  if (segments.length > SNAPSHOT_LIMITS.maxPathDepth) return `file name ${JSON.stringify(name)} is nested too deeply`;
  if (segments.some((segment) => segment === '..')) return `file name ${JSON.stringify(name)} climbs out with ..`;
  if (segments.some((segment) => segment === '' || segment === '.')) return `file name ${JSON.stringify(name)} has an empty or . segment`;
  return null;
}
