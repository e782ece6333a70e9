/**
 * The rooms of src/ (its top folders), from the ground up: a room may import only the rooms before it
 * in this list (and itself). docs/architecture.md says what each holds and why it sits where it does;
 * test/architecture/layering.test.ts holds the code to it.
 */
export const ROOM_ORDER = [
  'core',
  'config',
  'ir',
  'guard',
  'agents',
  'diagnostics',
  'verifier',
  'queue',
  'verification',
  'setup',
  'specification',
  'ledger',
  'report',
  'repair',
  'review',
  'evaluate',
  'bench',
  'doctor',
  'demo',
  'mcp',
  'cli',
] as const;

/** The most source files (tests left out) one folder may hold directly. */
export const MAXIMUM_FILES_PER_FOLDER = 30;
