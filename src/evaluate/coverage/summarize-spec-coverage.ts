import type { FunctionSpecCheck } from '../../specification/index.js';

export interface SpecCoverage {
  functions: number;
  /** Functions every requires and ensures of which compiled to a check. */
  executable: number;
  share: number;
  clauses: number;
  executableClauses: number;
  /** Why the other functions fall short, grouped (most frequent first), each with the functions it covers. */
  reasons: Array<{ reason: string; functions: string[] }>;
}

/**
 * The share of checked functions whose requires and ensures all compiled to checks. A function that
 * falls short is counted once, under its first reason (its own, or its first clause's that is not
 * executable), grouped by `groupNotExecutableReason` so the figure can be explained.
 */
export function summarizeSpecCoverage(checks: ReadonlyArray<FunctionSpecCheck & { crate?: string }>): SpecCoverage {
  const groups = new Map<string, string[]>();
  let executable = 0;
  for (const check of checks) {
    const reason = firstReason(check);
    if (reason === null) {
      executable++;
      continue;
    }
    const group = groupNotExecutableReason(reason);
    groups.set(group, [...(groups.get(group) ?? []), check.crate === undefined ? check.function : `${check.crate}::${check.function}`]);
  }
  const clauses = checks.reduce((sum, check) => sum + check.clauses.length, 0);
  const executableClauses = checks.reduce((sum, check) => sum + check.clauses.filter((clause) => clause.status === 'executable').length, 0);
  return {
    functions: checks.length, executable, share: checks.length === 0 ? 0 : executable / checks.length, clauses, executableClauses,
    reasons: [...groups].map(([reason, functions]) => ({ reason, functions })).sort((left, right) => right.functions.length - left.functions.length || left.reason.localeCompare(right.reason)),
  };
}

function firstReason(check: FunctionSpecCheck): string | null {
  if (check.status === 'not-executable') return check.reason;
  if (check.status === 'harness-failed') return `the harness failed: ${check.reason}`;
  const clause = check.clauses.find((entry) => entry.status === 'not-executable');
  return clause?.status === 'not-executable' ? clause.reason : null;
}

/** A reason's kind, by the first rule that matches (the specifics, such as names and types, dropped). */
const REASON_RULES: Array<[RegExp, (match: RegExpExecArray) => string]> = [
  [/^requires\[\d+\] is not executable \(([\s\S]*)\); without every requires/, (match) => `a requires is not executable: ${groupNotExecutableReason(match[1]!)}`],
  [/^uses spec fn \S+, which is not executable: ([\s\S]*)$/, (match) => `calls a spec fn that is not executable: ${groupNotExecutableReason(match[1]!)}`],
  [/^uses spec fn \S+, which the macro did not compile:[\s\S]*?(error\[E\d+\])/, (match) => `calls a spec fn the macro's output of which rustc rejects (${match[1]})`],
  [/^uses the mirror of struct \S+, which is not executable: ([\s\S]*)$/, (match) => `uses a struct check-spec cannot mirror: ${groupNotExecutableReason(match[1]!)}`],
  [/^spec fn \S+: \S+ has type (int|nat)/, () => 'a spec fn over int/nat (the macro compiles primitive integer types only)'],
  [/^spec fn \S+: its name has capital letters/, () => 'a spec fn whose name has capital letters (the macro takes it for a struct)'],
  [/^spec fn \S+ is in a generic impl/, () => 'a generic spec fn'],
  [/^spec fn \S+: its receiver is/, () => 'a spec fn of a type check-spec cannot mirror'],
  [/^spec fn \S+ has no body/, () => 'an uninterpreted spec fn (no body)'],
  [/^spec fn \S+ is generic/, () => 'a generic spec fn'],
  [/^spec fn \S+: ([\s\S]*)$/, (match) => `in a spec fn it calls: ${groupNotExecutableReason(match[1]!)}`],
  [/unbounded quantifier/, () => 'an unbounded quantifier'],
  [/^quantifier over /, () => 'a quantifier over a non-integer type'],
  [/has an untyped binder/, () => 'a quantifier with an untyped binder'],
  [/^choose /, () => 'choose'],
  [/^closures /, () => 'closures (spec_fn values)'],
  [/^generic function/, () => 'a generic function'],
  [/^a method:/, () => 'a method (the harness calls free functions only)'],
  [/^(a trait method|a method of trait \S+ impl)/, () => "a trait method (its requires and ensures are the trait's)"],
  [/^a method of [\s\S]*: the harness calls methods of non-generic structs only/, () => 'a method of a generic type'],
  [/^(the receiver|parameter \S+|the result): (struct [\s\S]*|two structs are named)/, (match) => `${match[1]!.startsWith('parameter') ? 'a parameter' : match[1]} of a struct the harness cannot generate (generic, a tuple struct, more than 4 fields, or a field with no generator)`],
  [/^(parameter \S+|the result): a struct inside a Vec/, () => 'a struct inside a Vec, Option or tuple'],
  [/^struct \S+ (is generic|is a tuple struct|has \d+ fields)|^struct \S+: field|^two structs are named/, () => 'a struct the harness cannot generate (generic, a tuple struct, more than 4 fields, or a field with no generator)'],
  [/^calls \S+, which is not a spec fn of the crate/, () => 'a call of a function that is not a spec fn of the crate (vstd\'s, an exec fn)'],
  [/^match expressions are not translated/, () => 'a match expression'],
  [/^shift /, () => 'a shift (its spec result depends on the width)'],
  [/^type \S+ has no exec counterpart here/, () => 'a type with no exec counterpart here (Map, Set, String, a generic struct, ...)'],
  [/^cannot read the expression/, () => 'syntax the translation does not read'],
  [/^the binding \S+ shadows/, () => 'a binding that shadows what a matches binding stands for'],
  [/the harness calls safe, synchronous functions only/, () => 'an async, unsafe or extern function'],
  [/^parameter \S+ is (ghost|tracked)/, () => 'a ghost or tracked parameter'],
  [/^(parameter \S+|the result): type [\s\S]* (has no generator|is not one the harness can generate)/, (match) => `${match[1]!.startsWith('parameter') ? 'a parameter' : 'the result'} of a type with no generator`],
  [/(does not compile|did not compile)[\s\S]*?(error\[E\d+\])/, (match) => `rustc rejects the macro's output (${match[2]})`],
  [/^the harness failed/, () => 'the harness did not build or run'],
];

export function groupNotExecutableReason(reason: string): string {
  for (const [pattern, describe] of REASON_RULES) {
    const match = pattern.exec(reason);
    if (match !== null) return describe(match);
  }
  return reason.split('\n')[0]!.slice(0, 100);
}
