/**
 * Whether this run is CI (`CI` set to anything but "", "0" or "false": .ci/run sets CI=1, most CI services
 * CI=true). CI provides every test dependency (.ci/run installs chromium and redis-server; ../shared lies beside
 * the clone), so there a missing one fails its suites instead of skipping them.
 */
export const IN_CI = !['', '0', 'false'].includes(process.env['CI'] ?? '');
