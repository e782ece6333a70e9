import { createSpecCheckWorld, replaceFunctionReply, RUNNING_MAX, SPEC_CHECK_SOURCE } from '../../test/repair/spec-check-world.js';
import { prepareRepair } from '../repair/setup/prepare-repair.js';
import { repairCrate } from '../repair/repair-crate.js';

export interface InvariantEpisode {
  withStage: { verifierCalls: number; outcome: string };
  withoutStage: { verifierCalls: number; outcome: string };
}

/**
 * The false-invariant episode of test/repair-counterexample.test.ts on rust-fixtures/spec-check:
 * running_max lacks the invariant its ensures needs; the scripted model first proposes a false one
 * (`v@[i] < m`), then the true one. Run twice at `--feedback counterexample`: as configured (the
 * candidate's invariants are run before Verus), and with the spec-check services removed (no stage
 * runs the erased code). The count is the fake cargo-verus's invocation log; its verdicts are synthetic.
 */
export async function measureInvariantEpisode(): Promise<InvariantEpisode> {
  return { withStage: await runEpisode(true), withoutStage: await runEpisode(false) };
}

async function runEpisode(invariantStage: boolean): Promise<{ verifierCalls: number; outcome: string }> {
  const world = await createSpecCheckWorld(RUNNING_MAX.missing, [RUNNING_MAX.fixedAnswer, RUNNING_MAX.missingAnswer]);
  try {
    world.server.script(replaceFunctionReply('running_max', RUNNING_MAX.withFalse), replaceFunctionReply('running_max', SPEC_CHECK_SOURCE));
    const { request, services } = await prepareRepair({
      crate: world.crateDir, file: 'src/lib.rs', functions: ['running_max'], iterations: 2, feedbackLevel: 'counterexample', samples: null, model: null, runner: null,
      replay: null, record: null, allowSpecChanges: [], houdiniRounds: 0, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null,
      cache: false, runId: `spec-bench-${invariantStage ? 'with' : 'without'}`, environment: world.environment,
    }, () => undefined);
    const outcome = await repairCrate(request, invariantStage ? services : { ...services, specCheck: null });
    return { verifierCalls: world.verifierCalls(), outcome: outcome.outcome };
  } finally {
    await world.close();
  }
}
