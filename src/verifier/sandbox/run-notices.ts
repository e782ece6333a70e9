/**
 * Things a run says once, whatever the number of cargo steps behind them (the pre-check runs for
 * every candidate, mutant and probe): that the crate's code runs unsandboxed, that a Cargo.lock is
 * stale. Process-wide, because a run is a process; written to stderr unless a library caller or a
 * test takes them (takeRunNotices).
 */
type NoticeSink = (message: string) => void;

const writeToStderr: NoticeSink = (message) => process.stderr.write(`verus-repair: warning: ${message}\n`);
let sink: NoticeSink = writeToStderr;
const said = new Set<string>();

/** Says `message` unless something was said under `key` already in this process. */
export function noticeOnce(key: string, message: string): void {
  if (said.has(key)) return;
  said.add(key);
  sink(message);
}

/** Collects notices instead of printing them, and forgets what was said, until `restore()`. */
export function takeRunNotices(): { notices: string[]; restore: () => void } {
  const notices: string[] = [];
  said.clear();
  sink = (message) => notices.push(message);
  return {
    notices,
    restore: () => {
      sink = writeToStderr;
      said.clear();
    },
  };
}
