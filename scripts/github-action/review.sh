#!/usr/bin/env bash
# Step "Review" of action.yml: `verus-repair review --since BASE` (or a full review), with SARIF in
# $RUNNER_TEMP, the job summary ($GITHUB_STEP_SUMMARY, written by the review itself) and ::warning
# annotations. It always exits 0 and leaves the review's exit code in $GITHUB_OUTPUT, so the SARIF
# upload runs before finish.sh fails the job.
set -uo pipefail
read -r -a command <<<"${VERUS_REPAIR_COMMAND:-verus-repair}"
crate="${INPUT_CRATE:-.}"
sarif="${RUNNER_TEMP:-${TMPDIR:-/tmp}}/verus-repair-review.sarif"
rm -f "$sarif"
args=(review "$crate" --no-record --sarif "$sarif" --annotations github)
if [ "${INPUT_FULL_REVIEW:-false}" != "true" ]; then
  base="${INPUT_BASE:-}"
  if [ -z "$base" ] && [ -n "${GITHUB_BASE_REF:-}" ]; then base="origin/${GITHUB_BASE_REF}"; fi
  if [ -z "$base" ]; then
    echo "::error title=verus-repair review::no base to review changes against: set the action's base input, or run it on pull_request"
    echo "exit-code=2" >>"$GITHUB_OUTPUT"
    echo "sarif=" >>"$GITHUB_OUTPUT"
    exit 0
  fi
  # A shallow checkout may lack the base commit: fetch it (a full clone already has it).
  if ! git -C "$crate" rev-parse --verify -q "${base}^{commit}" >/dev/null; then
    git -C "$crate" fetch --no-tags --quiet origin "${base#origin/}" || true
  fi
  args+=(--since "$base")
fi
if [ -n "${INPUT_BASELINE:-}" ]; then args+=(--baseline "$INPUT_BASELINE"); fi
if [ -n "${INPUT_WRITE_BASELINE:-}" ]; then args+=(--write-baseline "$INPUT_WRITE_BASELINE"); fi
if [ -n "${INPUT_FAIL_ON:-}" ]; then args+=(--fail-on "$INPUT_FAIL_ON"); fi
case "${INPUT_RUNNER:-docker}" in
  docker) args+=(--docker) ;;
  local) args+=(--local) ;;
  *) echo "::error title=verus-repair review::runner must be docker or local, not ${INPUT_RUNNER}"; echo "exit-code=2" >>"$GITHUB_OUTPUT"; echo "sarif=" >>"$GITHUB_OUTPUT"; exit 0 ;;
esac
if [ -n "${INPUT_ARGUMENTS:-}" ]; then
  read -r -a extra <<<"$INPUT_ARGUMENTS"
  args+=("${extra[@]}")
fi
"${command[@]}" "${args[@]}"
code=$?
echo "exit-code=${code}" >>"$GITHUB_OUTPUT"
if [ -f "$sarif" ]; then echo "sarif=${sarif}" >>"$GITHUB_OUTPUT"; else echo "sarif=" >>"$GITHUB_OUTPUT"; fi
exit 0
