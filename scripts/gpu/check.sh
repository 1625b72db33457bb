#!/bin/bash
# The GPU check, run on the lent machine in the repository root (the device tool's working
# tree) with the packed folder .gpu carried: lists the devices, processes samples/ on the GPU
# and on the CPU (PNG and JPEG, glitch on and off), and measures per-operation throughput on
# both. Everything goes under $OUT (the device tool brings it back); then, here,
# scripts/gpu/compare.sh FILES_AT checks the outputs byte for byte.
# DEVICE=opencl tests it on a machine without a GPU.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)   # scripts/gpu
OUT=${OUT:-/tmp/gpuglitch-gpu-out}
DEVICE=${DEVICE:-gpu}
mkdir -p "$OUT"
{
    nvidia-smi --query-gpu=name,memory.total,clocks.max.memory --format=csv 2>&1 || true
    "$here/run.sh" devices
} >"$OUT/devices.txt" 2>&1
cat "$OUT/devices.txt"
# Each image in its own format (PNG and JPEG inputs and outputs), with and without the glitch,
# and the srcset job (three sizes from one decode: one upload, three downloads an image).
. "$here/jobs.sh"
for job in $GPU_CHECK_JOBS; do
    flags=$(gpu_check_flags "$job")
    for device in "$DEVICE" cpu; do
        name=$([[ $device == cpu ]] && echo cpu || echo gpu)
        "$here/run.sh" process samples $flags --output "$OUT/$name-$job" --device "$device" \
            --report "$OUT/$name-$job.json" 2>&1 | tee -a "$OUT/process.txt"
    done
done
# The main job on a photo corpus (when the seed files were carried), then per-operation figures.
"$here/corpus.sh"
"$here/run.sh" bench --device "$DEVICE" --device cpu --iterations 16 2>&1 | tee "$OUT/bench.txt"
"$here/run.sh" bench --device "$DEVICE" --device cpu --json >"$OUT/bench.json" 2>>"$OUT/bench.txt"
