#!/bin/bash
# The GPU check, run on the lent machine from the packed folder: lists the devices, processes
# the bundled images on the GPU and on the CPU (PNG and JPEG outputs, glitch on), and measures
# per-operation throughput. Everything goes under $OUT (the device tool brings it back);
# compare the two output folders byte for byte with scripts/gpu/compare.sh.
# DEVICE=opencl tests it on a machine without a GPU.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
OUT=${OUT:-/tmp/gpuglitch-gpu-out}
DEVICE=${DEVICE:-gpu}
mkdir -p "$OUT"
{
    nvidia-smi --query-gpu=name,memory.total,clocks.max.memory --format=csv 2>&1 || true
    "$here/run.sh" devices
} >"$OUT/devices.txt" 2>&1
cat "$OUT/devices.txt"
for format in png jpeg; do
    for device in "$DEVICE" cpu; do
        name=$([[ $device == cpu ]] && echo cpu || echo gpu)
        "$here/run.sh" process "$here/images" --output "$OUT/$name-$format" --format "$format" \
            --device "$device" --report "$OUT/$name-$format.json" 2>&1 | tee -a "$OUT/process.txt"
    done
done
"$here/run.sh" bench --device "$DEVICE" --device cpu --iterations 16 2>&1 | tee "$OUT/bench.txt"
"$here/run.sh" bench --device "$DEVICE" --device cpu --json >"$OUT/bench.json" 2>>"$OUT/bench.txt"
