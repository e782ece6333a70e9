/**
 * One line of `verus-repair doctor`: `ok` and `fail` are ✓ and ✗; `warn` is worth knowing but does not
 * stop a repair; `skipped` could not be checked because an earlier check failed. Every `fail` and
 * `warn` carries the exact command (or edit) that fixes it.
 */
export interface DoctorCheck {
  name: string;
  status: 'ok' | 'warn' | 'fail' | 'skipped';
  detail: string;
  fix: string | null;
}

export function passed(name: string, detail: string): DoctorCheck {
  return { name, status: 'ok', detail, fix: null };
}

export function failed(name: string, detail: string, fix: string): DoctorCheck {
  return { name, status: 'fail', detail, fix };
}

export function warned(name: string, detail: string, fix: string | null): DoctorCheck {
  return { name, status: 'warn', detail, fix };
}

/** What `doctor` found; `ready` is true when a repair could run (no check failed). */
export interface DoctorReport {
  repositoryRoot: string;
  runner: 'docker' | 'local' | 'queue';
  checks: DoctorCheck[];
  ready: boolean;
}
