#!/bin/bash
# No byte of an output may depend on memory the code did not write (docs/TESTING.md,
# "Heap-filling determinism"). Runs the same batch twice, under two heap fillings (glibc's
# MALLOC_PERTURB_: every fresh block filled with one pattern, every freed one with another),
# and requires the two runs to write the same files, byte for byte, and the same verdict and
# reason for every input.
#
# The batch: every image under Tests/*/Fixtures, every decode regression in Fuzz/regressions,
# every FuzzDecode seed (without its option byte) and samples/. Each is run four ways, so that
# a stray byte has nowhere to hide: at 64 px, at full size (--no-enlarge contain into the
# largest box: no resampling averages a byte away), and both again with the glitch on; PNG
# output (lossless), on the CPU backend and on every OpenCL device the binary sees (POCL in CI).
#
# Usage: scripts/check-determinism.sh [path/to/gpuglitch]   (default .build/release/gpuglitch)
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/gpuglitch}")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Inputs under unique names, so that outputs never collide; the format is found from the
# content, so names need no extension.
mkdir -p "$work/in"
n=0
stage() {   # stage <file> [bytes to drop at the start]
    n=$((n + 1))
    local name
    name=$(printf '%04d-%s' "$n" "$(basename "$1" | tr -c 'A-Za-z0-9._\n-' '_')")
    tail -c +"$(( ${2:-0} + 1 ))" "$1" > "$work/in/$name"
    echo "$work/in/$name" >> "$work/list"
}
while IFS= read -r -d '' f; do stage "$f"; done < <(
    find Tests/*/Fixtures Fuzz/regressions/decode Fuzz/regressions/header Fuzz/regressions/animation samples -type f \
        ! -name '*.json' ! -name '*.md' ! -name '*.txt' ! -name '*.py' ! -name '*.swift' -print0 | sort -z)
while IFS= read -r -d '' f; do stage "$f" 1; done < <(find Fuzz/corpus/FuzzDecode -type f -print0 | sort -z)
echo "check-determinism: $n inputs, $binary"

devices=(cpu)
while read -r device; do devices+=("$device"); done < <("$binary" devices | grep -o 'opencl:[0-9]*' | sort -u)

configurations=(
    "64|--size 64 --no-glitch --keep all"
    "full|--size 65535 --fit contain --no-enlarge --no-glitch"
    "64-glitch|--size 64 --glitch seed=7,tears=8,edge=wrap"
    "full-glitch|--size 65535 --fit contain --no-enlarge --glitch seed=7,tears=8,edge=wrap"
)

# One line per input: verdict and reason (timings and paths of the run left out).
verdicts() {
    python3 - "$1" <<'EOF'
import json, sys
report = json.load(open(sys.argv[1]))
for image in sorted(report["images"], key=lambda i: i["input"]):
    print(image["input"], image["status"], image.get("error", ""))
EOF
}

failures=0
for device in "${devices[@]}"; do
    for configuration in "${configurations[@]}"; do
        label=${configuration%%|*}
        read -r -a options <<<"${configuration#*|}"
        for fill in 85 170; do
            out="$work/out-$fill"
            rm -rf "$out"
            # Exit 1 (some inputs failed) is expected: many inputs are hostile on purpose.
            MALLOC_PERTURB_=$fill "$binary" process --list "$work/list" --output "$out" --format png \
                --png-compression fast --device "$device" --quiet "${options[@]}" \
                --report "$work/report-$fill.json" 2>"$work/stderr-$fill" || [ $? -eq 1 ] || {
                echo "check-determinism: $device $label: gpuglitch ended with an unexpected status" >&2
                tail -5 "$work/stderr-$fill" >&2
                exit 1
            }
            verdicts "$work/report-$fill.json" > "$work/verdicts-$fill"
        done
        written=$(find "$work/out-85" -type f | wc -l)
        if ! diff -r -q "$work/out-85" "$work/out-170" > "$work/diff"; then
            echo "check-determinism: $device $label: outputs differ between the two heap fillings:" >&2
            sed 's|'"$work"'/||g' "$work/diff" | head -20 >&2
            failures=$((failures + 1))
        elif ! diff "$work/verdicts-85" "$work/verdicts-170" > "$work/diff"; then
            echo "check-determinism: $device $label: verdicts differ between the two heap fillings:" >&2
            sed 's|'"$work"'/||g' "$work/diff" | head -20 >&2
            failures=$((failures + 1))
        else
            echo "   $device $label: $written outputs identical under both fillings"
        fi
    done
done
if [ "$failures" -gt 0 ]; then
    echo "check-determinism: $failures runs depend on the heap's contents" >&2
    exit 1
fi
echo "check-determinism: ok"
