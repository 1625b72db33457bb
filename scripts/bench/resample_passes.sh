#!/bin/sh
# The CPU resampling passes alone, AVX2 against AVX-512 (Sources/CResampleSIMD), on the sizes
# of the thumbnail and srcset jobs: least thread CPU time of RUNS runs, and a check that both
# sets give the same bytes (AVX2 alone on a CPU without AVX-512). The 1000- and 1040-pixel rows
# beside the 1024-pixel ones show the vertical pass's cache-set restaging (windows.c). See
# docs/BENCHMARKS.md, "AVX-512 resampling" and "An AVX2 machine".
# Usage: scripts/bench/resample_passes.sh [RUNS]   (CC, default clang; WORK [/tmp/gpuglitch-resample-passes])
set -eu
REPO=$(cd "$(dirname "$0")/../.." && pwd)
S="$REPO/Sources/CResampleSIMD"
WORK=${WORK:-/tmp/gpuglitch-resample-passes}
mkdir -p "$WORK"
${CC:-clang} -O2 -I "$S/include" -I "$S" -o "$WORK/harness" "$REPO/scripts/bench/resample-passes/harness.c" "$S"/*.c -lm
# A 4000x3000 photo decoded whole, a 5000x3333 one drafted to 1/2, a 2048-wide one; the
# thumbnail job's 512 and the srcset job's 1024, 512 and 256.
for case in "4000 3000 1024 768" "4000 3000 512 384" "4000 3000 256 192" "2500 1667 1024 683" \
            "2500 1667 512 341" "2048 1365 512 341" "683 512 512 384" "4000 3000 1000 768" "4000 3000 1040 768"; do
    "$WORK/harness" $case "${1:-7}"
done
