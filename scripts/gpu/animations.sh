#!/bin/bash
# The animated cases on a lent GPU machine (the packed binary carried as .gpu, as check.sh):
# every animated fixture (GIF, WebP, APNG, AVIF) to animated WebP, lossy and lossless, with
# effects and the glitch, and a glitch loop (--animate) from the samples, each on the GPU and
# on the CPU there; the two must be identical byte for byte. Outputs go under $OUT.
#   run  carry [".gpu"]  command "scripts/gpu/animations.sh"
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/gpuglitch-gpu-out}
DEVICE=${DEVICE:-gpu}
mkdir -p "$OUT"
status=0
for device in "$DEVICE" cpu; do
    name=$([[ $device == cpu ]] && echo cpu || echo gpu)
    "$here/run.sh" process Tests/ImageCodecsTests/Fixtures/animation --format webp --size 96,40x24 \
        --effect sepia --glitch seed=3,tears=8 --output "$OUT/$name-anim" --device "$device" --quiet || status=1
    "$here/run.sh" process Tests/ImageCodecsTests/Fixtures/animation --format webp --lossless --size 64 \
        --gravity attention --output "$OUT/$name-anim-lossless" --device "$device" --quiet || status=1
    "$here/run.sh" process samples/coffee.jpg samples/astronaut.png --format webp --lossless --size 256 \
        --animate 6 --frame-time 80 --output "$OUT/$name-loop" --device "$device" --quiet || status=1
done
for job in anim anim-lossless loop; do
    if diff -r "$OUT/gpu-$job" "$OUT/cpu-$job" >/dev/null; then
        echo "$job: identical ($(find "$OUT/gpu-$job" -type f | wc -l) files)"
    else
        echo "$job: DIFFERENT"; diff -rq "$OUT/gpu-$job" "$OUT/cpu-$job"; status=1
    fi
done
exit $status
