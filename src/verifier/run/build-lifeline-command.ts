/** The name the lifeline shell runs under (its `$0`), so `ps` says what it is. */
export const LIFELINE_NAME = 'verus-repair-lifeline';

/**
 * The watcher that ends a job when verus-repair dies (pure): `/bin/sh` reading a pipe only
 * verus-repair holds. The first line is the job's process group (empty: no job started). A second
 * line means the job is over: exit, nothing to do. End of file before it means verus-repair is
 * gone, however it died (SIGKILL included), so the shell kills the job's process group, then runs
 * the job's cleanup commands (e.g. `docker rm -f <name>`: a killed docker client leaves its
 * container running). The commands reach the shell as arguments, never as script text: the script
 * names them only by position, so nothing in them is parsed by sh.
 */
export function buildLifelineCommand(cleanupCommands: readonly string[][]): string[] {
  const commands = cleanupCommands.filter((command) => command.length > 0);
  let position = 1;
  const cleanups = commands.map((command) => `${command.map(() => `"\${${position++}}"`).join(' ')} >/dev/null 2>&1`);
  const script = [
    'read -r group || exit 0',
    '[ -n "$group" ] || exit 0',
    'read -r line && exit 0',
    'kill -s KILL -- "-$group" 2>/dev/null',
    ...cleanups,
    'exit 0',
  ].join('\n');
  return ['/bin/sh', '-c', script, LIFELINE_NAME, ...commands.flat()];
}
