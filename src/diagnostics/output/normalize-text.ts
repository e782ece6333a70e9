import { normalizePath } from './normalize-path.js';
import { stripAnsi } from './strip-ansi.js';

const TEMPORARY_PATH_IN_TEXT = /(?:(?:\/private)?\/var\/folders\/[^/\s]+\/[^/\s]+\/T|\/(?:var\/)?tmp|\/dev\/shm)\/[^\s`'"),;]+/g;
/** Python's `tempfile` names (`tmp` + 8 random characters), which also become crate names in rustc messages. */
const TEMPORARY_NAME = /\btmp(?=[a-z_]*\d)[a-z0-9_]{8}\b/g;
const DURATION = /\b\d+(?:\.\d+)?\s?(?:ms|milliseconds?|s|secs?|seconds?|minutes?)\b/g;

/** Removes what differs between runs of the same proof from free text: ANSI, paths, temp names, durations. */
export function normalizeText(text: string, root: string | null): string {
  let normalized = stripAnsi(text);
  const trimmedRoot = root === null ? '' : root.replace(/[/\\]+$/, '');
  if (trimmedRoot !== '') normalized = normalized.split(`${trimmedRoot}/`).join('');
  return normalized
    .replace(TEMPORARY_PATH_IN_TEXT, (path) => normalizePath(path, null))
    .replace(TEMPORARY_NAME, '<tmp>')
    .replace(DURATION, '<duration>');
}
