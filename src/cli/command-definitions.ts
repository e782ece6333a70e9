import type { Command } from 'commander';

/** Each entry declares one command (its options and a lazy action). Order is the order in --help. */
export const COMMAND_DEFINITIONS: Array<(program: Command) => void> = [];
