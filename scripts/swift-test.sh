#!/usr/bin/env bash
# `swift test` with the given arguments, its whole output kept in .build/test-logs/. When the
# run fails, every failed test's issue (Swift Testing's "✘ … recorded an issue" lines with
# their "↳" details, a crash's signal, a compiler error) is printed again at the end, so the
# tail of a long CI log names what failed and where. The exit status is swift test's.
#
# Usage: scripts/swift-test.sh [swift test arguments]   (SWIFT names the swift binary)
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build/test-logs
log=$(mktemp .build/test-logs/swift-test.XXXXXX.log)
"${SWIFT:-swift}" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
    echo "== swift test failed (exit $status); its failures again (whole output: $log):"
    awk '
        /^[[:space:]]*↳/ { if (keep) print; next }
        { keep = 0 }
        /✘/ && !/✘ (Suite|Test run) / { print; keep = 1; next }
        /\.swift:[0-9]+:[0-9]+: error:|Fatal error:|error: Exited with/ { print }
    ' "$log" | head -200
fi
exit "$status"
