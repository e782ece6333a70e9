import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { VerificationOptions, Verifier } from '../../core/verifier.js';
import type { GitProofLedger } from '../../ledger/git-proof-ledger.js';
import { listFilesAtCommit } from '../../ledger/read-commit-history.js';
import { verifyCandidate } from '../../verifier/verify-candidate.js';
import { materializeCrate, type CrateFiles } from '../setup/crate-snapshot.js';

/**
 * `audit --since --reverify`: verifies, without the cache, each crate (the nearest Cargo.toml above
 * a changed file) of one commit of the user's history, from that commit's files. Verified only when
 * every crate verifies; the detail names what did not.
 */
export async function reverifyCommit(ledger: GitProofLedger, commit: string, files: readonly string[], verifier: Verifier, options: VerificationOptions): Promise<{ verified: boolean; detail: string }> {
  const crates = new Set<string>();
  for (const file of files) {
    const crate = await findCrateAt(ledger, commit, path.posix.dirname(file));
    if (crate === null) return { verified: false, detail: `${file} is in no crate (no Cargo.toml above it)` };
    crates.add(crate);
  }
  const verdicts: string[] = [];
  for (const crate of [...crates].sort()) {
    const crateFiles: CrateFiles = new Map();
    for (const file of await listFilesAtCommit(ledger.repoDir, commit, crate)) {
      const relative = crate === '' ? file : file.slice(crate.length + 1);
      if (!/^(Cargo\.toml|Cargo\.lock|build\.rs|src\/.*)$/.test(relative)) continue;
      const bytes = await ledger.readFileAt(commit, file);
      if (bytes !== null) crateFiles.set(relative, bytes);
    }
    const scratch = await materializeCrate(crateFiles, path.join(ledger.repoDir, crate), `reverify-${commit.slice(0, 10)}`);
    try {
      const outcome = await verifyCandidate({ kind: 'crate', crateDir: scratch }, options, { verifier, prechecker: null, cache: null, precheckRunsTests: false });
      const status = outcome.verification?.status ?? 'no verdict';
      if (status !== 'verified') return { verified: false, detail: `${crate === '' ? 'the crate' : crate}: ${status}` };
      verdicts.push(`${crate === '' ? 'the crate' : crate} verified`);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  }
  return { verified: true, detail: verdicts.join(', ') };
}

async function findCrateAt(ledger: GitProofLedger, commit: string, directory: string): Promise<string | null> {
  for (let at = directory; ; at = path.posix.dirname(at)) {
    const crate = at === '.' ? '' : at;
    if ((await ledger.readFileAt(commit, crate === '' ? 'Cargo.toml' : `${crate}/Cargo.toml`)) !== null) return crate;
    if (crate === '') return null;
  }
}
