import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { simpleGit } from 'simple-git';
import { materializeCrate, withFile, type CrateFiles } from '../../repair/setup/crate-snapshot.js';
import { prepareRepair } from '../../repair/setup/prepare-repair.js';
import { repairCrate } from '../../repair/repair-crate.js';
import type { Mutant } from '../mutant.js';
import type { Reproof, ReproveBudget } from './reproof.js';
import { makeManifestSelfContained } from '../../verifier/sandbox/make-manifest-self-contained.js';

/** Where and with what a review re-proves its mutants. */
export interface ReproveSettings {
  /** `<project>/.verus-repair/reprove/<review id>`: one repository per mutant below it, kept for audit. */
  directory: string;
  /** The project's verus-repair.toml text ([model], [verifier]), copied into each repository. */
  configText: string;
  budget: ReproveBudget;
  replayDir: string | null;
  recordDir: string | null;
  environment: NodeJS.ProcessEnv;
  /** The project's shared pre-check target directory (selectPrecheckTargetDir), so no mutant repository builds vstd again. */
  precheckTargetDir: string;
  signal?: AbortSignal;
}

/**
 * Runs the repair loop itself (prepareRepair + repairCrate, as `repair` and bench attempts wire it)
 * on a fresh repository whose committed crate is the mutant: the mutant is the repair's original, so
 * the guard freezes its exec code and its specs (no spec change is allowed).
 */
export async function reproveMutant(mutant: Mutant, crateFiles: CrateFiles, crateDir: string, settings: ReproveSettings): Promise<Reproof> {
  const repository = path.join(settings.directory, mutant.id);
  try {
    await createMutantRepository(repository, mutant, crateFiles, crateDir, settings.configText);
    const cassette = (dir: string | null) => (dir === null ? null : path.join(dir, `${mutant.id}.jsonl`));
    const { request, services } = await prepareRepair({
      crate: repository, file: mutant.file, functions: [mutant.function], iterations: settings.budget.iterations, feedbackLevel: 'auto', samples: null, model: null, runner: null,
      replay: cassette(settings.replayDir), record: cassette(settings.recordDir), allowSpecChanges: [], houdiniRounds: 0, maxTokens: settings.budget.maxTokens, maxCostUsd: null, maxWallTimeMs: null,
      cache: true, runId: `reprove-${mutant.id}`, environment: settings.environment, precheckTargetDir: settings.precheckTargetDir, ...(settings.signal === undefined ? {} : { signal: settings.signal }),
    }, () => {});
    const result = await repairCrate(request, services);
    const spent = {
      iterations: Math.max(0, ...result.report.iterations.map((entry) => entry.iteration)), promptTokens: result.report.totals.promptTokens, completionTokens: result.report.totals.completionTokens,
      origins: { verifier: result.report.verifierOrigins.map((entry) => entry.origin), model: request.modelOrigin },
    };
    if (result.outcome !== 'verified' || result.verifiedCommit === null) return { status: 'not-proved', repository, ledgerBranch: result.ledgerBranch, stopReason: result.stopReason, ...spent };
    const proved = await simpleGit(repository).show([`${result.verifiedCommit}:${mutant.file}`]);
    const proof = createTwoFilesPatch(`a/${mutant.file}`, `b/${mutant.file}`, mutant.source, proved, 'mutant', 'proof', { context: 2 }).split('\n').slice(2).join('\n');
    return { status: 'proved', repository, ledgerBranch: result.ledgerBranch, verifiedCommit: result.verifiedCommit, proof, ...spent };
  } catch (error) {
    if (settings.signal?.aborted === true) throw error;
    return { status: 'error', repository, message: (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? 'error' };
  }
}

/** A git repository holding the mutated crate (its own `[workspace]`) and the project's config, committed. */
export async function createMutantRepository(repository: string, mutant: Mutant, crateFiles: CrateFiles, crateDir: string, configText: string): Promise<void> {
  await rm(repository, { recursive: true, force: true });
  const scratch = await materializeCrate(withFile(crateFiles, mutant.file, mutant.source), crateDir, `reprove-${mutant.id}`);
  await mkdir(path.dirname(repository), { recursive: true });
  await cp(scratch, repository, { recursive: true });
  await rm(scratch, { recursive: true, force: true });
  const manifest = path.join(repository, 'Cargo.toml');
  // The repository holds the crate as the user wrote it, not the scratch copy's renamed package.
  const original = crateFiles.get('Cargo.toml');
  const written = original === undefined ? await readFile(manifest, 'utf8') : new TextDecoder().decode(original);
  // Its own [workspace] makes it a root: a member's `workspace = true` keys are resolved first, and relative paths made absolute.
  const text = (await makeManifestSelfContained(written, crateDir)).manifest ?? written;
  await writeFile(manifest, /^\[workspace\]/m.test(text) ? text : `${text}\n[workspace]\n`);
  await writeFile(path.join(repository, 'verus-repair.toml'), configText);
  await writeFile(path.join(repository, '.gitignore'), 'target/\n.verus-repair/\n');
  const git = simpleGit(repository);
  await git.init(['-q', '-b', 'main']);
  await git.addConfig('user.name', 'verus-repair review').addConfig('user.email', 'review@verus-repair.invalid').addConfig('commit.gpgsign', 'false');
  await git.add('.');
  await git.commit(`review mutant ${mutant.id}: ${mutant.operator} in ${mutant.function} (${mutant.file}:${mutant.line}:${mutant.column})`);
}
