import type { Command } from 'commander';
import { defineRepairCommand } from './commands/repair.js';
import { defineDemoCommand } from './commands/demo.js';
import { defineInitCommand } from './commands/init.js';
import { defineDoctorCommand } from './commands/doctor.js';
import { defineLogCommand } from './commands/log.js';
import { defineAuditCommand } from './commands/audit.js';
import { defineApplyCommand } from './commands/apply.js';
import { defineGuardCommand } from './commands/guard.js';
import { defineDiagnosticsCommand } from './commands/diagnostics.js';
import { defineVerifyCommand } from './commands/verify.js';
import { defineToolchainCommand } from './commands/toolchain.js';
import { defineParseCommand } from './commands/parse.js';
import { defineBenchCommand } from './commands/bench.js';
import { defineWorkerCommand } from './commands/worker.js';
import { defineQueueCommand } from './commands/queue.js';
import { defineReviewCommand } from './commands/review.js';
import { defineCheckSpecCommand } from './commands/check-spec.js';
import { defineSpecCoverageCommand } from './commands/spec-coverage.js';
import { defineMcpCommand } from './commands/mcp.js';

/** Each entry declares one command (its options and a lazy action). Order is the order in --help. */
export const COMMAND_DEFINITIONS: Array<(program: Command) => void> = [
  defineRepairCommand,
  defineDemoCommand,
  defineInitCommand,
  defineDoctorCommand,
  defineLogCommand,
  defineAuditCommand,
  defineApplyCommand,
  defineGuardCommand,
  defineDiagnosticsCommand,
  defineVerifyCommand,
  defineReviewCommand,
  defineCheckSpecCommand,
  defineSpecCoverageCommand,
  defineMcpCommand,
  defineToolchainCommand,
  defineParseCommand,
  defineWorkerCommand,
  defineQueueCommand,
  defineBenchCommand,
];
