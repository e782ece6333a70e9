/** What a task id may hold (validateTaskId); anything else in a file or directory name becomes `_`. */
export function sanitizeTaskIdPart(name: string): string {
  return name.replace(/[^A-Za-z0-9._-]/g, '_');
}

/**
 * `<group>.<name>`: a Verus-Bench source and its file, a fixture crate and its variant. The group is
 * escaped so the first `.` always separates the two, which makes ids of different tasks differ
 * (source `A.b` with `c.rs` and source `A` with `b.c.rs` were both `A.b.c`): in the group `.` is
 * written `_2E` and `_` `_5F`. Groups with neither (every published Verus-Bench source, every
 * rust-fixtures crate) keep their ids. Names that differ only in characters sanitizing maps to `_`
 * still meet; refuseDuplicateTaskIds names both files.
 */
export function joinTaskId(group: string, name: string): string {
  const escaped = sanitizeTaskIdPart(group).replace(/[._]/g, (character) => (character === '.' ? '_2E' : '_5F'));
  return `${escaped}.${sanitizeTaskIdPart(name)}`;
}
