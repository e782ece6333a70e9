/** One thing Verus takes on trust in the reviewed files. */
export interface TrustedAssumption {
  kind: TrustedAssumptionKind;
  /** The function or item it belongs to (`assume_specification` target, function name). */
  item: string;
  file: string;
  line: number;
  /** The construct as written, e.g. `#[verifier::external_body]`, `admit()`, `rlimit(infinity)`. */
  detail: string;
}

export type TrustedAssumptionKind =
  | 'external-body'
  | 'external'
  | 'assume-specification'
  | 'external-fn-specification'
  | 'admit-or-assume'
  | 'uninterpreted-spec'
  | 'axiom'
  | 'truncate-cast'
  | 'unsafe-block'
  | 'rlimit';
