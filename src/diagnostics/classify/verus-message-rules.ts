import { rustcRule, verusRule, type MessageRule } from './message-rule.js';

/**
 * Message → kind, for diagnostics without a rustc error code. The patterns are the exact strings of
 * Verus's error catalog (docs/diagnostics.md lists them with their sources), anchored at the start
 * of the message; a few older wordings seen in real logs are accepted too. Order matters: the
 * rlimit rule comes first because Verus appends the rlimit text to other messages
 * (`bitvector assertion not satisfied: Resource limit (rlimit) exceeded; ...`).
 */
export const VERUS_MESSAGE_RULES: readonly MessageRule[] = [
  verusRule('rlimit-exceeded', /Resource limit \(rlimit\) exceeded|^[\w ]+: rlimit exceeded$/),
  verusRule('multiple-errors-note', /: not all errors may have been reported; rerun with a higher value for --multiple-errors/),
  verusRule('long-running-note', / has been running for \d+ seconds| finished in \d+ seconds/),
  // A. SMT verification failures
  verusRule('bitvector-assertion', /^bitvector assertion not satisfied/),
  verusRule('assertion', /^assertion (?:failed|failure)$/),
  verusRule('postcondition', /^postcondition not satisfied/),
  verusRule('precondition', /^precondition not satisfied/),
  verusRule('cast-out-of-range', /^recommendation not met: value may be out of range of the target type/),
  verusRule('choose-unsatisfiable', /^recommendation not met: cannot prove that there exists values that satisfy the condition of the choose expression/),
  verusRule('recommends', /^recommendation not met/),
  verusRule('invariant-before-loop', /^invariant not satisfied before loop/),
  verusRule('invariant-end-of-loop-body', /^invariant not satisfied at end of loop body/),
  verusRule('invariant-at-loop-exit', /^loop invariant not satisfied/),
  verusRule('decreases-end-of-loop', /^decreases not satisfied at end of loop/),
  verusRule('decreases-at-continue', /^decreases not satisfied at continue/),
  verusRule('termination', /^could not prove termination/),
  verusRule('decreases-by-lemma', /^unable to show termination via `decreases_by` lemma/),
  verusRule('arithmetic-overflow', /^possible arithmetic underflow\/overflow/),
  verusRule('division-by-zero', /^possible division by zero/),
  verusRule('bit-shift', /^possible bit shift underflow\/overflow/),
  verusRule('assert-by-requires', /^requires not satisfied/),
  verusRule('assert-by-compute', /^assert_by_compute_only failed to simplify down to true/),
  verusRule('open-invariant-block', /^Cannot show invariant holds at end of block/),
  verusRule('type-invariant', /^(?:constructed value|value) may fail to meet its declared type invariant|^type invariant /),
  verusRule('closure-postcondition', /^unable to prove post-condition of closure/),
  verusRule('no-unwind', /^cannot show this call will not unwind/),
  verusRule('atomic-update', /^cannot show atomic (?:update was committed|update resolves at end of function|postcondition hold at end of block|precondition holds before update function)/),
  verusRule('closure-precondition', /^Call to non-static function fails to satisfy `callee\.requires\(args\)`/),
  // B. termination-clause and well-formedness errors
  verusRule('missing-decreases', /^recursive function must have a decreases clause|^loop must have a decreases clause|supported only for spec functions with decreases/),
  verusRule('decreases-type-mismatch', /^in mutually recursive functions, decreases clauses at the same position must have compatible types/),
  verusRule('broadcast-recursion', /^cannot recursively use a broadcast proof fn/),
  verusRule('cheating', /not allowed with --no-cheating/),
  verusRule('ignored-function', /^cannot use function `.*` which is ignored because it is either declared outside the verus! macro or it is marked as `external`/),
  verusRule('panic-unsupported', /^panic is not supported/),
  verusRule('unsupported', /^`.*` is not supported|^The verifier does not yet support the following Rust feature|^Verus does not \(yet\) support|^Verus currently only supports|^unsupported\b/),
  verusRule('well-formedness', /^function is marked `open` but not marked `pub`|^the return value must be named in a function with an ensures clause|^in (?:requires|ensures), use `old\(|^trait function declarations cannot be open or closed|^verus-related attribute has no effect/),
  verusRule('verus-internal-error', /^(?:verus )?internal error|^internal compiler error/),
  verusRule('solver-version', /^expected z3 version .*, found |The verifier expects z3 version/),
  verusRule('verus-panic', /^thread '.*' (?:\(\d+\) )?panicked at /),
  // C. mode errors
  verusRule('mode', /^cannot call function (?:`.*` )?with mode (?:spec|proof|exec)|^cannot call spec function from exec mode|^expression has mode \w+, expected mode \w+|^cannot (?:use|access) \w+-mode (?:expression|place) in executable context|^cannot use (?:assert or assume|forall\/exists|choose) in exec mode|^cannot use while in proof or spec mode|^cannot use `old` in exec-code|^cannot mutate \w+-mode place in \w+-code|^assignment is not allowed inside spec|^exec code cannot initialize non-exec variables|^cannot call external function from non-exec mode|^cannot assign to \w+ variable from \w+ mode|^The Verus types 'nat' and 'int' can only be used in ghost code/),
  // D. triggers, and the notes of trigger selection and of the quantifier profiler
  verusRule('trigger-inference', /^Could not automatically infer triggers for this quantif(?:i)?er|^could not infer triggers, because quantifier is too large/),
  verusRule('trigger-invalid', /^trigger must be a function call|^triggers cannot contain |^trigger\S* does not cover variable|^cannot use both manual triggers/),
  verusRule('trigger-note', /^automatically chose triggers for this expression|^\s*trigger \d+ of \d+|^Verus printed one or more automatically chosen quantifier triggers/),
  verusRule('quantifier-profile', /^Cost \* Instantiations:|^Analyzing prover log|^Log analysis complete|^Profile statistics for|^Observed [\d,]+ total instantiations/),
  verusRule('progress-note', /^verifying (?:root )?module/i),
  // rustc messages that arrive without an error code (parser errors, Verus's own lifetime pass)
  rustcRule('rustc-syntax', /^expected |^unexpected token|^unexpected closing delimiter|^this file contains an unclosed delimiter|^mismatched closing delimiter|^unclosed delimiter|^unknown start of token|^unterminated /),
  rustcRule('rustc-type', /^mismatched types|^the trait bound `.*` is not satisfied|^type annotations needed/),
  rustcRule('rustc-resolve', /^cannot find \w+ `.*` in |^unresolved import|^failed to resolve/),
  rustcRule('rustc-lint', /^unused \w+|^variable does not need to be mutable|^unreachable \w+|is never (?:used|read|constructed)/),
];
