import { access } from 'node:fs/promises';
import path from 'node:path';
import { listVerificationInputs } from '../verifier/cache/list-verification-inputs.js';
import { readCrateFiles, type CrateFiles } from '../repair/setup/crate-snapshot.js';
import { confineRepoPath } from './confine-repo-path.js';
import type { McpContext } from './mcp-context.js';
import type { McpSession, SessionBaseline } from './mcp-session.js';
import { McpToolError } from './mcp-tool-error.js';

/** A crate as a call names it, with the session's baseline of it. */
export interface SessionCrate {
  /** Absolute, symlinks resolved. */
  absolute: string;
  /** Repository-relative ('' for the root). */
  crateDir: string;
  baseline: SessionBaseline;
}

/**
 * The crate a call is about: `crate` when given, else the crate holding `file`, else the session's,
 * else the repository root. A session works on one crate; the first call that names one takes its
 * baseline (the files as they stand then, and the commit holding them).
 */
export async function openSessionCrate(context: McpContext, session: McpSession, request: { crate?: string | undefined; file?: string | undefined }): Promise<SessionCrate> {
  const { absolute, crateDir } = await locateCrate(context, session, request);
  if (session.target !== null && session.target.crateDir !== crateDir) {
    throw new McpToolError(`this session works on the crate ${session.target.crateDir || '.'}; ${crateDir || '.'} is another one (start a new session for it)`);
  }
  if (session.baseline === null) {
    session.baseline = await takeBaseline(context, absolute, crateDir);
    session.baselineCrate = crateDir;
  } else if (session.baselineCrate !== crateDir) {
    throw new McpToolError(`this session's baseline is the crate ${session.baselineCrate || '.'}; ${crateDir || '.'} is another one (start a new session for it)`);
  }
  return { absolute, crateDir, baseline: session.baseline };
}

/** The crate's files now, by crate-relative path. */
export async function readSessionFiles(context: McpContext, crate: SessionCrate): Promise<CrateFiles> {
  return readConfinedCrateFiles(context.repoRoot, crate.absolute);
}

/**
 * The crate's verification inputs, each confined to the repository: a Cargo.toml, Cargo.lock or
 * build.rs that is a symlink leading out refuses the whole call (source files that are symlinks are
 * not inputs at all), so nothing outside reaches the verifier, a reply or the ledger.
 */
async function readConfinedCrateFiles(repoRoot: string, absolute: string): Promise<CrateFiles> {
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir: absolute });
  for (const file of inputs.files) await confineRepoPath(repoRoot, path.join(absolute, ...file.split('/')), 'crate file');
  return readCrateFiles(absolute);
}

async function takeBaseline(context: McpContext, absolute: string, crateDir: string): Promise<SessionBaseline> {
  const files = await readConfinedCrateFiles(context.repoRoot, absolute);
  const inputs = await listVerificationInputs({ kind: 'crate', crateDir: absolute });
  const snapshot = await context.ledger.snapshotWorkingTree([crateDir === '' ? '.' : crateDir], inputs.files.map((file) => path.posix.join(crateDir, file)));
  return { files, commit: snapshot.commit };
}

async function locateCrate(context: McpContext, session: McpSession, request: { crate?: string | undefined; file?: string | undefined }): Promise<{ absolute: string; crateDir: string }> {
  if (request.crate !== undefined) {
    const confined = await confineRepoPath(context.repoRoot, request.crate, 'crate');
    if (!(await hasManifest(confined.absolute))) throw new McpToolError(`crate ${JSON.stringify(request.crate)} has no Cargo.toml; name a crate directory`);
    return { absolute: confined.absolute, crateDir: confined.relative };
  }
  if (request.file !== undefined) {
    const confined = await confineRepoPath(context.repoRoot, request.file, 'file');
    for (let directory = path.dirname(confined.absolute); directory.startsWith(context.repoRoot); directory = path.dirname(directory)) {
      if (await hasManifest(directory)) return { absolute: directory, crateDir: path.relative(context.repoRoot, directory).split(path.sep).join('/') };
      if (directory === context.repoRoot) break;
    }
    throw new McpToolError(`file ${JSON.stringify(request.file)} is in no crate (no Cargo.toml above it in the repository)`);
  }
  const known = session.target?.crateDir ?? session.baselineCrate;
  if (known !== null) return { absolute: path.join(context.repoRoot, known), crateDir: known };
  if (await hasManifest(context.repoRoot)) return { absolute: context.repoRoot, crateDir: '' };
  throw new McpToolError('the repository root is not a crate; name one with "crate" (a directory holding Cargo.toml) or "file"');
}

function hasManifest(directory: string): Promise<boolean> {
  return access(path.join(directory, 'Cargo.toml')).then(() => true, () => false);
}
