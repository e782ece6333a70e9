import { assertNever } from '../core/assert-never.js';
import type { DoctorCheck, DoctorReport } from './doctor-check.js';

function mark(status: DoctorCheck['status']): string {
  switch (status) {
    case 'ok':
      return '✓';
    case 'fail':
      return '✗';
    case 'warn':
      return '!';
    case 'skipped':
      return '-';
    default:
      return assertNever(status, 'doctor status');
  }
}

/** The doctor's table: one row per check, its fix on the next line, and a verdict. */
export function renderDoctorReport(report: DoctorReport): string {
  const width = Math.max(...report.checks.map((check) => check.name.length));
  const lines = [`verus-repair doctor: ${report.repositoryRoot} (runner: ${report.runner})`];
  for (const check of report.checks) {
    lines.push(`${mark(check.status)} ${check.name.padEnd(width)}  ${check.detail}`);
    if (check.fix !== null && check.status !== 'ok') lines.push(`  ${' '.repeat(width)}  fix: ${check.fix}`);
  }
  const failures = report.checks.filter((check) => check.status === 'fail').length;
  lines.push(failures === 0 ? 'ready: a repair can run' : `not ready: ${failures} check(s) failed`);
  return `${lines.join('\n')}\n`;
}
