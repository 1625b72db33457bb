#!/bin/bash
# Compares what scripts/gpu/check.sh brought back: the GPU's outputs with the CPU's made
# there, and those with a CPU run made here, byte for byte. Exit 0 when all are identical.
# Usage: scripts/gpu/compare.sh FILES_AT   (the device tool's files_at, holding gpu-png/ etc.)
set -uo pipefail
AT=${1:?usage: scripts/gpu/compare.sh FILES_AT}
swift build -c release --product gpuglitch >/dev/null
bin=$(swift build -c release --show-bin-path)/gpuglitch
here=$(mktemp -d)
trap 'rm -rf "$here"' EXIT
status=0
same() { # same LABEL DIR1 DIR2
    if diff -r "$2" "$3" >/dev/null; then
        echo "$1: identical ($(find "$2" -type f | wc -l) files)"
    else
        echo "$1: DIFFERENT"; diff -rq "$2" "$3"; status=1
    fi
}
. "$(dirname "$0")/jobs.sh"
for job in $GPU_CHECK_JOBS; do
    flags=$(gpu_check_flags "$job")
    "$bin" process samples $flags --output "$here/$job" --device cpu --quiet
    same "$job: GPU there vs CPU there" "$AT/gpu-$job" "$AT/cpu-$job"
    same "$job: CPU there vs CPU here" "$AT/cpu-$job" "$here/$job"
done
exit $status
