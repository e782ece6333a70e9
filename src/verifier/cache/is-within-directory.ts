import path from 'node:path';

/** Whether `child` is `directory` or lies below it (lexically, after resolving both). */
export function isWithinDirectory(child: string, directory: string): boolean {
  const relative = path.relative(path.resolve(directory), path.resolve(child));
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}
