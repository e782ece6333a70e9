import { existsSync } from 'node:fs';
import { IN_CI } from './ci-environment.js';

/** Debian's chromium, driven headless by the report tests (CHROMIUM_PATH overrides). */
export const CHROMIUM_PATH = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';

/** CI installs chromium (.ci/run), so there a missing browser fails instead of skipping. */
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM_PATH) || IN_CI;

/** A suite title that says, when no browser is here, why the suite is skipped. */
export function chromiumSuiteTitle(title: string): string {
  return CHROMIUM_AVAILABLE ? title : `${title} [skipped: no chromium at ${CHROMIUM_PATH}; apt-get install chromium, or set CHROMIUM_PATH]`;
}
