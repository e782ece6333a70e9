/**
 * The seeds a stability check of N uses: 1..N. Fixed rather than random, so that two runs (and
 * `audit --reverify`) check the same solver configurations, and a cached seed verdict can answer again.
 */
export function listStabilitySeeds(count: number): number[] {
  return Array.from({ length: Math.max(0, Math.floor(count)) }, (_, index) => index + 1);
}
