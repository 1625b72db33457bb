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
    # The bus the images cross: host-to-device and back, pinned and pageable (PyTorch, where
    # the machine has it), against which the upload+download figure of bench is read.
    python3 - <<'PY' || true
import time, torch
n = 48 << 20
dev = torch.empty(n, dtype=torch.uint8, device="cuda")
for pinned in (True, False):
    host = torch.empty(n, dtype=torch.uint8, pin_memory=pinned)
    for direction in ("to device", "to host"):
        for _ in range(3): (dev.copy_(host) if direction == "to device" else host.copy_(dev)); torch.cuda.synchronize()
        t = time.perf_counter()
        for _ in range(10): (dev.copy_(host) if direction == "to device" else host.copy_(dev)); torch.cuda.synchronize()
        s = (time.perf_counter() - t) / 10
        print(f"48 MiB {direction}, {'pinned' if pinned else 'pageable'}: {s*1e3:.2f} ms, {n/s/1e9:.1f} GB/s")
PY
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
[[ ${SKIP_BENCH:-0} == 1 ]] && exit 0
"$here/run.sh" bench --device "$DEVICE" --device cpu --iterations 16 2>&1 | tee "$OUT/bench.txt"
"$here/run.sh" bench --device "$DEVICE" --device cpu --json >"$OUT/bench.json" 2>>"$OUT/bench.txt"
