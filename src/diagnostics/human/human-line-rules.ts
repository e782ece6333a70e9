import type { DiagnosticSeverity } from '../../core/diagnostic.js';
import type { HumanLine } from './human-line.js';

interface LineRule {
  pattern: RegExp;
  read: (match: RegExpExecArray) => HumanLine;
}

const noise = (): HumanLine => ({ kind: 'noise' });

/**
 * Lines that are neither diagnostics nor verdicts, skipped on purpose: rustc's closing remarks,
 * cargo's progress, and the wrapper lines real logs carry (a project script's `Mode:`/`Elapsed:`/
 * `Sampled` lines, Verus's old `Verifying root module` banner).
 */
const NOISE_PATTERNS = [
  /^error: aborting due to /,
  /^failure-note: /,
  /^error: could not compile /,
  /^warning: \d+ warnings? emitted/,
  /^warning: `[^`]*` \([^)]*\) generated \d+ warnings?/,
  /^For more information about (?:this|an) error, try /,
  /^Some errors have detailed explanations/,
  /^note: run with `RUST_BACKTRACE=/,
  /^note: some details are omitted, run with `RUST_BACKTRACE=full`/,
  /^\(use --output-json for machine-readable output\)/,
  /^(?:Mode|Isolate|Elapsed): /,
  /^Sampled (?:Memory|CPU) Usage/,
  /^Verifying root module/,
  /^\s+(?:Compiling|Checking|Finished|Running|Blocking|Updating|Downloading|Downloaded|Fresh|Locking|Adding)\s/,
];

/** The table of line rules, in priority order. The first pattern that matches decides the line's kind. */
const HUMAN_LINE_RULES: readonly LineRule[] = [
  { pattern: /^\s*$/, read: () => ({ kind: 'blank' }) },
  {
    pattern: /^verification results:: (\d+) verified, (\d+) errors?\b/,
    read: (match) => ({ kind: 'summary', verified: Number(match[1]), errors: Number(match[2]) }),
  },
  ...NOISE_PATTERNS.map((pattern) => ({ pattern, read: noise })),
  { pattern: /^thread '[^']*'(?: \(\d+\))? panicked at .*$/, read: (match) => ({ kind: 'panic', text: match[0] }) },
  {
    pattern: /^(error|warning|note|help)(?:\[([^\]\s]+)\])?:(?: (.*))?$/,
    read: (match) => ({ kind: 'header', severity: severityOf(match[1] ?? ''), code: match[2] ?? null, message: match[3] ?? '' }),
  },
  {
    pattern: /^\s*(-->|:::) (.+):(\d+):(\d+)\s*$/,
    read: (match) => ({
      kind: 'location',
      role: match[1] === '-->' ? 'primary' : 'secondary',
      file: match[2] ?? '',
      line: Number(match[3]),
      column: Number(match[4]),
    }),
  },
  { pattern: /^\s*= (note|help):(?: (.*))?$/, read: (match) => ({ kind: 'attached-note', level: match[1] === 'help' ? 'help' : 'note', text: match[2] ?? '' }) },
  {
    pattern: /^\s*(\d+)?\s*\|(.*)$/,
    read: (match) => ({
      kind: 'gutter',
      lineNumber: match[1] === undefined ? null : Number(match[1]),
      content: (match[2] ?? '').startsWith(' ') ? (match[2] ?? '').slice(1) : (match[2] ?? ''),
    }),
  },
  { pattern: /^\.\.\./, read: () => ({ kind: 'elision' }) },
  { pattern: /^\s*\d+\s+[-+~] /, read: () => ({ kind: 'suggestion' }) },
  { pattern: /^\s+(\S.*)$/, read: (match) => ({ kind: 'continuation', text: (match[1] ?? '').trimEnd() }) },
];

/** Recognises one line (already free of ANSI escapes). Never fails: unknown lines are `other`. */
export function readHumanLine(text: string): HumanLine {
  for (const rule of HUMAN_LINE_RULES) {
    const match = rule.pattern.exec(text);
    if (match !== null) return rule.read(match);
  }
  return { kind: 'other', text };
}

function severityOf(level: string): DiagnosticSeverity {
  return level === 'warning' || level === 'note' || level === 'help' ? level : 'error';
}
