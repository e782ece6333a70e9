import type { ContainerSpec } from './container-spec.js';

/**
 * The docker CLI arguments for a container spec (pure). `--pull never` makes a missing image fail
 * fast with "No such image" instead of trying a registry; `--memory-swap` equal to `--memory`
 * forbids swapping past the limit; all capabilities are dropped.
 */
export function renderDockerRunArguments(spec: ContainerSpec): string[] {
  const args = ['run', '--rm', '--pull', 'never', '--network', spec.network, '--name', spec.name];
  for (const [key, value] of Object.entries(spec.labels)) args.push('--label', `${key}=${value}`);
  args.push('--user', spec.user, '--cap-drop', 'ALL', '--security-opt', 'no-new-privileges');
  args.push('--memory', spec.limits.memory, '--memory-swap', spec.limits.memory);
  args.push('--pids-limit', String(spec.limits.pidsLimit), '--cpus', String(spec.limits.cpus));
  for (const mount of spec.mounts) args.push('-v', `${mount.source}:${mount.target}${mount.readOnly ? ':ro' : ''}`);
  for (const [target, options] of Object.entries(spec.tmpfs)) args.push('--tmpfs', `${target}:${options}`);
  for (const [name, value] of Object.entries(spec.env)) args.push('-e', `${name}=${value}`);
  args.push('-w', spec.workdir, spec.image, ...spec.command);
  return args;
}
