import type { DiagnosticKind } from '../../core/diagnostic-kind.js';

type RustcKind = Extract<DiagnosticKind, 'rustc-syntax' | 'rustc-type' | 'rustc-borrow' | 'rustc-resolve' | 'rustc-lint' | 'rustc-other'>;

function codes(kind: RustcKind, list: string): Array<[string, RustcKind]> {
  return list.split(/\s+/).filter((code) => code !== '').map((code) => [code, kind]);
}

/** rustc error codes → kind. Codes not listed fall back to the E05xx borrow range, then `rustc-other`. */
const RUSTC_CODE_KINDS: ReadonlyMap<string, RustcKind> = new Map([
  ...codes('rustc-type', `E0023 E0026 E0027 E0029 E0040 E0046 E0049 E0050 E0053 E0054 E0057 E0060 E0061 E0063
    E0069 E0070 E0072 E0107 E0117 E0118 E0119 E0120 E0191 E0200 E0201 E0204 E0220 E0223 E0225 E0243 E0244
    E0271 E0275 E0276 E0277 E0282 E0283 E0284 E0308 E0309 E0317 E0364 E0365 E0369 E0391 E0392 E0393 E0559
    E0560 E0562 E0565 E0599 E0600 E0604 E0605 E0606 E0607 E0608 E0609 E0610 E0614 E0615 E0616 E0617 E0618
    E0620 E0689 E0747 E0764`),
  ...codes('rustc-borrow', `E0106 E0261 E0262 E0263 E0310 E0311 E0372 E0373 E0381 E0382 E0383 E0384 E0495 E0499
    E0502 E0503 E0505 E0506 E0507 E0508 E0509 E0515 E0521 E0581 E0582 E0594 E0596 E0597 E0621 E0623 E0626
    E0700 E0712 E0713 E0716 E0759 E0767 E0772`),
  ...codes('rustc-resolve', `E0034 E0252 E0254 E0255 E0259 E0260 E0401 E0403 E0404 E0405 E0407 E0408 E0411 E0412
    E0415 E0416 E0422 E0423 E0424 E0425 E0426 E0428 E0429 E0430 E0431 E0432 E0433 E0434 E0435 E0437 E0438
    E0463 E0530 E0531 E0532 E0583 E0601 E0603 E0624 E0659`),
  ...codes('rustc-syntax', 'E0178 E0585 E0586 E0670 E0704 E0743 E0753 E0758 E0765 E0766'),
]);

/** Kind for a diagnostic that carries a rustc code: an `E` code, or a lint name such as `unused_variables`. */
export function kindForRustcCode(code: string): RustcKind {
  if (!/^E\d{4}$/.test(code)) return 'rustc-lint';
  const listed = RUSTC_CODE_KINDS.get(code);
  if (listed !== undefined) return listed;
  return code.startsWith('E05') ? 'rustc-borrow' : 'rustc-other';
}
