import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareRepair, type RepairInvocation } from '../src/repair/setup/prepare-repair.js';
import { createRepairWorld, type RepairWorld } from './repair/repair-world.js';

const STACK = `use vstd::prelude::*;
verus! {
pub struct Stack { pub items: Vec<u64> }
pub struct Queue { pub items: Vec<u64> }
impl Stack {
    pub fn pop(&mut self) -> (r: Option<u64>) ensures r.is_some() ==> old(self).items@.len() > 0 { self.items.pop() }
    pub fn push(&mut self, x: u64) { self.items.push(x); }
}
impl Queue {
    pub fn push(&mut self, x: u64) { self.items.push(x); }
}
}
`;

let world: RepairWorld;
beforeAll(async () => {
  world = await createRepairWorld();
  writeFileSync(path.join(world.crateDir, 'src', 'lib.rs'), STACK);
});
afterAll(async () => world.close());

function prepare(overrides: Partial<RepairInvocation>) {
  return prepareRepair({
    crate: world.crateDir, file: null, functions: [], iterations: 1, feedbackLevel: 'auto', samples: null, model: null, runner: null,
    replay: null, record: null, allowSpecChanges: [], houdiniRounds: 0, maxTokens: null, maxCostUsd: null, maxWallTimeMs: null,
    cache: false, runId: 'targets', environment: world.environment, ...overrides,
  }, () => undefined);
}

describe('repair --fn resolves function names before the run', () => {
  it('resolves a method by its short name, for the targets and the spec-change selectors', async () => {
    const { request } = await prepare({ functions: ['pop'], allowSpecChanges: ['pop.ensures'] });
    expect(request.targetFunctions).toEqual(['Stack::pop']);
    expect(request.policy).toMatchObject({ targetFunctions: ['Stack::pop'], allowSpecChanges: ['Stack::pop.ensures'] });
  });

  it('rejects an ambiguous or unknown name as a ConfigurationError listing the candidates', async () => {
    await expect(prepare({ functions: ['push'] })).rejects.toMatchObject({ name: 'ConfigurationError', message: expect.stringMatching(/--fn push is ambiguous: it matches Stack::push, Queue::push/) });
    await expect(prepare({ functions: ['Stack::nope'], file: 'src/lib.rs' })).rejects.toMatchObject({ name: 'ConfigurationError', message: expect.stringMatching(/no function named Stack::nope/) });
  });
});
