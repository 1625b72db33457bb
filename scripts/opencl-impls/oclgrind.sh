#!/bin/bash
# gpuglitch verify under Oclgrind 21.10 (Debian `oclgrind`), an OpenCL simulator that checks
# API use, out-of-bounds accesses and data races, with GPU-like limits. Oclgrind reports a
# device of every type, so gpuglitch takes it for a GPU: the portable resampling kernels, no
# CL_MEM_USE_HOST_PTR, the path a discrete GPU takes, which POCL never runs.
#
# Fails unless every image is identical to the CPU backend, Oclgrind prints nothing at all
# (its log and stderr stay empty), and the runs together executed every kernel listed in
# EXPECTED_KERNELS. The images and sizes are small on purpose: Oclgrind simulates each
# work-item.
#
# Two kernels `verify` cannot reach, the crop kernel (cover fuses the crop into the resize)
# and a user's own ImageKernel, run in a second part: a few tests of the debug test binary
# under Oclgrind (the crop test, the Sharpen example's parity and chain, the kernel size
# checks), one at a time (--no-parallel: Oclgrind runs one kernel at a time per process and
# aborts on concurrent launches from several contexts), with the same checks.
#
# Usage: scripts/opencl-impls/oclgrind.sh [path/to/gpuglitch [path/to/gpuglitchPackageTests.xctest]]
#        (defaults .build/release/gpuglitch and .build/debug/gpuglitchPackageTests.xctest)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/gpuglitch}
tests=${2:-.build/debug/gpuglitchPackageTests.xctest}
oclgrind_options=(--check-api --data-races --max-wgsize 256 --local-mem-size 49152 --inst-counts)

if ! command -v oclgrind >/dev/null; then
    apt-get install -y --no-install-recommends oclgrind >/dev/null
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

images=(
    Tests/ImageCodecsTests/Fixtures/mutations/seed-rgba.png          # 16x12 RGBA: premultiply
    Tests/ImageCodecsTests/Fixtures/mutations/seed-rgb.png           # 24x16 opaque
    Tests/GPUOpsTests/Fixtures/decode/png-rgba8-interlaced-13x11.png # odd sizes, alpha
    Tests/GPUOpsTests/Fixtures/decode/png-rgba8-1x9.png              # one column
)
option_sets=(
    "--size 8"
    "--size 12 --fit contain --filter bicubic --glitch seed=3,edge=wrap,tears=4"
    "--size 5 --filter box --gravity north --glitch seed=9,shift=3,scanlines=2,thickness=1"
    "--size 30 --filter bilinear --no-glitch"
    "--size 10 --effect sepia --effect tilt-shift:radius=2,band=0.2,fade=0.3"
    "--size 7 --effect tilt-shift:radius=0 --no-glitch"
    "--size 9 --effect sharpen:radius=1.5,percent=300,threshold=0 --no-glitch"
)
EXPECTED_KERNELS="premultiply unpremultiply resample_horizontal resample_vertical glitch gpuglitch_sepia
gpuglitch_copy gpuglitch_transpose gpuglitch_box_blur_segments gpuglitch_box_blur_segments_composite
gpuglitch_unsharp_mask"

status=0
# verify OPTIONS IMAGE...: under Oclgrind, every image identical to the CPU's, no message.
run_verify() {
    local options=$1
    shift
    # shellcheck disable=SC2086 # the option sets are word lists
    if ! oclgrind "${oclgrind_options[@]}" \
            --log "$work/oclgrind.log" "$binary" verify --device opencl $options "$@" \
            >"$work/out" 2>"$work/err"; then
        echo "oclgrind: verify $options failed" >&2
        status=1
    fi
    grep -v "^ \|^Instructions executed for kernel\|^$" "$work/out" | sed "s|^|oclgrind [$options] |"
    grep -o "^Instructions executed for kernel '[^']*'" "$work/out" | cut -d"'" -f2 >>"$work/kernels"
    if [[ -s "$work/oclgrind.log" || -s "$work/err" ]]; then
        echo "oclgrind: messages for verify $options:" >&2
        cat "$work/oclgrind.log" "$work/err" >&2
        status=1
    fi
    if ! grep -q "^$# identical, 0 not, on opencl:0 (Oclgrind Simulator)$" "$work/out"; then
        echo "oclgrind: not every image identical for verify $options" >&2
        status=1
    fi
}
for options in "${option_sets[@]}"; do
    run_verify "$options" "${images[@]}"
done
# The JPEG decoder's kernels (issue 35): the Huffman decode on baseline files with restart
# intervals, without them (cut into chunks: the rounds and the walk run) and grayscale, the
# IDCT and colour kernels on those and on a progressive file (stage 1), at full size and shrunk
# on load.
jpeg_images=(
    Tests/OpenCLComputeTests/Fixtures/jpeg-restart/420-rb7.jpg       # 67x41, 3 intervals
    Tests/OpenCLComputeTests/Fixtures/jpeg-restart/444-none.jpg      # one interval, 2 chunks
    Tests/OpenCLComputeTests/Fixtures/jpeg-restart/422-none-q100.jpg # one interval, 4 chunks
    Tests/OpenCLComputeTests/Fixtures/jpeg-restart/gray-rb5.jpg      # grayscale, 6 intervals
    Tests/GPUOpsTests/Fixtures/decode/jpeg-progressive-37x23.jpg     # progressive: stage 1
)
for options in "--decode device --size 64 --no-glitch" "--decode device --size 9"; do
    run_verify "$options" "${jpeg_images[@]}"
done
EXPECTED_KERNELS="$EXPECTED_KERNELS jpeg_huffman_sync jpeg_huffman_prefix jpeg_huffman_write jpeg_idct jpeg_colour"

# The crop kernel and user kernels, through the tests.
if [[ ! -x "$tests" ]]; then
    echo "oclgrind: no test binary at $tests (build the tests first)" >&2
    exit 1
fi
if ! GPUGLITCH_REQUIRE_OPENCL=1 oclgrind "${oclgrind_options[@]}" --log "$work/oclgrind.log" "$tests" \
        --testing-library swift-testing --no-parallel \
        --filter cropCopiesTheRectangle --filter UserKernelTests --filter KernelSizeCheckTests >"$work/out" 2>&1; then
    grep -v "^ \|^Instructions executed for kernel\|^$" "$work/out" >&2
    echo "oclgrind: tests failed" >&2
    status=1
fi
grep "^. Test run with" "$work/out" | sed "s|^|oclgrind [tests] |"
grep -o "^Instructions executed for kernel '[^']*'" "$work/out" | cut -d"'" -f2 >>"$work/kernels"
if [[ -s "$work/oclgrind.log" ]]; then
    echo "oclgrind: messages for the tests:" >&2
    cat "$work/oclgrind.log" >&2
    status=1
fi
EXPECTED_KERNELS="$EXPECTED_KERNELS crop sharpen3x3 invert"

for kernel in $EXPECTED_KERNELS; do
    if ! grep -qx "$kernel" "$work/kernels"; then
        echo "oclgrind: kernel $kernel never ran" >&2
        status=1
    fi
done
echo "oclgrind: kernels run: $(sort -u "$work/kernels" | tr '\n' ' ')"
exit $status
