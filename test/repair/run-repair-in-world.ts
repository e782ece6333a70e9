import type { RepairInvocation } from '../../src/repair/setup/prepare-repair.js';
import { prepareRepair } from '../../src/repair/setup/prepare-repair.js';
import { repairCrate } from '../../src/repair/repair-crate.js';
import type { RepairEvent } from '../../src/repair/repair-event.js';
import type { RepairOutcome } from '../../src/repair/report/repair-outcome.js';
import type { RepairWorld } from './repair-world.js';

/** Runs the repair library (as the CLI wires it) in a world, collecting its events. */
export async function runRepairInWorld(world: RepairWorld, overrides: Partial<RepairInvocation> & { onEvent?: (event: RepairEvent) => void } = {}): Promise<{ outcome: RepairOutcome; events: RepairEvent[] }> {
  const { onEvent, ...invocation } = overrides;
  const events: RepairEvent[] = [];
  const { request, services } = await prepareRepair({
    crate: world.crateDir, file: null, functions: [], iterations: 3, feedbackLevel: 'auto', samples: null, model: null, runner: null,
    replay: null, record: null, allowSpecChanges: [], houdiniRounds: 2, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null,
    cache: true, runId: 'e2e-run', environment: world.environment, ...invocation,
  }, (event) => {
    events.push(event);
    onEvent?.(event);
  });
  return { outcome: await repairCrate(request, services), events };
}
