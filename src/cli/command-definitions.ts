import type { Command } from 'commander';
import { defineLogCommand } from './commands/log.js';
import { defineAuditCommand } from './commands/audit.js';
import { defineApplyCommand } from './commands/apply.js';

/** Each entry declares one command (its options and a lazy action). Order is the order in --help. */
export const COMMAND_DEFINITIONS: Array<(program: Command) => void> = [
  defineLogCommand,
  defineAuditCommand,
  defineApplyCommand,
];
