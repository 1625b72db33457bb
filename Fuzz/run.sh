#!/bin/bash
# Builds the libFuzzer targets (Fuzz/Sources, with -sanitize=fuzzer,address, in .build/fuzz so
# the ordinary build is untouched) and runs each for FUZZ_SECONDS on a scratch copy of its
# committed corpus (Fuzz/corpus/<Target>) with its dictionary. Exits non-zero when any target
# finds a crash, a leak, a time-out or an out-of-memory; the input that did it is left in
# .build/fuzz/run/<Target>/ (docs/TESTING.md says what to do with it).
#
#   Fuzz/run.sh                      every target, FUZZ_SECONDS each (default 20)
#   FUZZ_TARGETS="FuzzDecode" FUZZ_SECONDS=3600 Fuzz/run.sh
#   FUZZ_FLAGS="-jobs=2 -workers=2" ...   extra libFuzzer flags for every target
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

ALL_TARGETS="FuzzDecode FuzzDeterminism FuzzHeader FuzzAnimation FuzzJXL FuzzMetadata FuzzExifRewrite FuzzPNGRepair FuzzReportMerge FuzzInputList FuzzSpecs FuzzDifferential FuzzJPEGDevice"
TARGETS=${FUZZ_TARGETS:-$ALL_TARGETS}
SECONDS_EACH=${FUZZ_SECONDS:-20}
SCRATCH=.build/fuzz
RUNS=$SCRATCH/run
SWIFT=${SWIFT:-swift}

dictionary() {
    case $1 in
        FuzzDecode|FuzzDeterminism|FuzzHeader|FuzzAnimation|FuzzJXL|FuzzMetadata|FuzzExifRewrite|FuzzPNGRepair|FuzzJPEGDevice) echo Fuzz/dictionaries/images.dict ;;
        FuzzReportMerge) echo Fuzz/dictionaries/reports.dict ;;
        FuzzSpecs) echo Fuzz/dictionaries/specs.dict ;;
        *) echo "" ;;
    esac
}

# The sanitizers go in as one flag each: swiftc keeps only the last -sanitize= it is given, and
# `swift build --sanitize fuzzer --sanitize address` passes them in no fixed order (then half
# the builds have no coverage). C targets get UBSan too, trapping (no runtime to link): an
# undefined operation stops the run like any crash.
SANITIZE=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
          -Xcc -fsanitize=fuzzer-no-link,address,undefined -Xcc -fsanitize-trap=undefined)
build() { GPUGLITCH_FUZZ=1 $SWIFT build --scratch-path "$SCRATCH" "${SANITIZE[@]}" ${SWIFT_BUILD_FLAGS:-} "$@"; }

echo "== fuzz: building $TARGETS (-sanitize=fuzzer,address; C: UBSan too; $SCRATCH)"
build_start=$(date +%s)
for target in $TARGETS; do
    build --product "$target"
done
bin=$(build --show-bin-path)
echo "== fuzz: built in $(( $(date +%s) - build_start )) s"

# POCL and the OpenCL ICD loader keep allocations for the life of the process (compiled
# programs, the device list): not leaks of ours.
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0"
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_odr_violation=0}"
# The Swift runtime's own crash backtracer would race ASan's report of the same crash.
export SWIFT_BACKTRACE=enable=no
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-$PWD/.build/pocl-cache}"
mkdir -p "$POCL_CACHE_DIR"

failed=()
findings=()
for target in $TARGETS; do
    run=$RUNS/$target
    rm -rf "$run"
    mkdir -p "$run/corpus"
    # FuzzDeterminism reads its inputs as FuzzDecode does (an option byte, then the file).
    seeds=$target
    [ "$target" = FuzzDeterminism ] && seeds=FuzzDecode
    cp Fuzz/corpus/"$seeds"/* "$run/corpus/" 2>/dev/null || true
    dict=$(dictionary "$target")
    echo "== fuzz: $target for ${SECONDS_EACH} s"
    # -timeout: one input taking longer is a finding; -rss_limit_mb: so is one that needs more
    # memory than a decode of a capped image can (a single malloc over it too).
    # Run inside the target's folder: with -jobs, libFuzzer writes its fuzz-N.log files to the
    # current folder.
    if (cd "$run" && "$bin/$target" -max_total_time="$SECONDS_EACH" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$PWD/" ${dict:+-dict=$ROOT/$dict} ${FUZZ_FLAGS:-} corpus \
        >log 2>&1); then
        status=ok
    else
        status=FAILED
        failed+=("$target")
        tail -40 "$run/log"
        # The lines that say what happened, repeated at the end where a CI log's tail shows them.
        findings+=("$target: $(grep -m1 -o 'Seed: [0-9]*' "$run/log")")
        while IFS= read -r line; do findings+=("  $line"); done \
            < <(grep -m6 -E 'Fatal error|ERROR: |SUMMARY|^Base64|Test unit written' "$run/log" | cut -c1-300)
    fi
    executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run/log" | tail -1)
    edges=$(grep -o 'cov: [0-9]*' "$run/log" | tail -1 | cut -d' ' -f2)
    echo "   $target: $status, ${executions:-?} executions, ${edges:-?} edges, corpus $(ls "$run/corpus" | wc -l) inputs (log: $run/log)"
done

if [ ${#failed[@]} -gt 0 ]; then
    printf '%s\n' "${findings[@]}" >&2
    echo "fuzz: findings in ${failed[*]}; the inputs are in $RUNS/<target>/ (crash-*, leak-*, timeout-*, oom-*)" >&2
    exit 1
fi
echo "fuzz: no findings"
