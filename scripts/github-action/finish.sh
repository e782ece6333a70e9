#!/usr/bin/env bash
# Step "Gate on the review" of action.yml: the job fails as the review exited (after the SARIF upload).
set -euo pipefail
code="${REVIEW_EXIT_CODE:-70}"
case "$code" in
  0) echo "verus-repair review: nothing to report" ;;
  1) echo "::error title=verus-repair review::the review has findings (see the job summary and code scanning)" ;;
  2) echo "::error title=verus-repair review::bad input or configuration (see the Review step's log)" ;;
  3) echo "::error title=verus-repair review::the verifier toolchain could not run (see the Review step's log)" ;;
  4) echo "::error title=verus-repair review::the review is incomplete: some mutants have no verdict" ;;
  *) echo "::error title=verus-repair review::the review ended with exit code ${code}" ;;
esac
exit "$code"
