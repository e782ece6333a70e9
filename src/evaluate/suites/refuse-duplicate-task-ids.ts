import { ConfigurationError } from '../../core/errors.js';

/**
 * Task ids name attempt directories, templates, cassettes and summary rows: two tasks under one id
 * would share an attempts directory and count once in a breakdown whose total counts both. Refused
 * before any work, naming the files (or manifest entries) of each pair.
 */
export function refuseDuplicateTaskIds(tasks: ReadonlyArray<{ id: string; where: string }>): void {
  const first = new Map<string, string>();
  const clashes: string[] = [];
  for (const task of tasks) {
    const earlier = first.get(task.id);
    if (earlier === undefined) first.set(task.id, task.where);
    else clashes.push(`${earlier} and ${task.where} both get the task id "${task.id}"`);
  }
  if (clashes.length > 0) throw new ConfigurationError(`${clashes.join('; ')}; task ids must be unique (rename one of each pair)`);
}
