#!/usr/bin/env bash
# Step "Install verus-repair" of action.yml: the npm package, and the pinned Docker image for the
# docker runner. VERUS_REPAIR_COMMAND set (a copy already installed, or the tests' checkout) skips both.
set -euo pipefail
if [ -n "${VERUS_REPAIR_COMMAND:-}" ]; then
  echo "verus-repair: using ${VERUS_REPAIR_COMMAND}"
  exit 0
fi
npm install --global --no-fund --no-audit "verus-repair@${INPUT_VERSION:-latest}"
if [ "${INPUT_RUNNER:-docker}" = "docker" ]; then
  verus-repair toolchain build
fi
