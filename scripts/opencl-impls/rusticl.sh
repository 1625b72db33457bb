#!/bin/bash
# The OpenCL test suite and gpuglitch verify on Mesa's rusticl over llvmpipe (Debian
# `mesa-opencl-icd`): a second compiler (clang -> SPIR-V -> NIR), work-groups of 1024, 32 KiB
# of local memory, no fp64. rusticl is the only ICD the loader sees (OCL_ICD_VENDORS points at
# a folder holding just its .icd), so every OpenCL test runs on it, and none is skipped
# (GPUGLITCH_REQUIRE_OPENCL=1).
#
# The package also installs its .icd files into /etc/OpenCL/vendors, where every later
# OpenCL user would see two more platforms (rusticl without devices unless RUSTICL_ENABLE is
# set, and Clover); they are diverted out of it, so the rest of CI keeps seeing POCL alone.
#
# Usage: scripts/opencl-impls/rusticl.sh [path/to/gpuglitch]   (default .build/release/gpuglitch)
set -euo pipefail
cd "$(dirname "$0")/../.."
binary=${1:-.build/release/gpuglitch}

if ! dpkg -s mesa-opencl-icd >/dev/null 2>&1; then
    apt-get install -y --no-install-recommends mesa-opencl-icd >/dev/null
fi
mkdir -p /etc/OpenCL/vendors-off
for icd in mesa rusticl; do
    if [[ -e /etc/OpenCL/vendors/$icd.icd ]]; then
        dpkg-divert --local --rename --divert /etc/OpenCL/vendors-off/$icd.icd --add /etc/OpenCL/vendors/$icd.icd >/dev/null
    fi
done

vendors=$(mktemp -d)
trap 'rm -rf "$vendors"' EXIT
echo "libRusticlOpenCL.so.1" >"$vendors/rusticl.icd"
export OCL_ICD_VENDORS="$vendors" RUSTICL_ENABLE=llvmpipe GPUGLITCH_REQUIRE_OPENCL=1

devices=$("$binary" devices)
echo "$devices" | sed 's/^/rusticl: /'
if ! grep -q 'opencl:0.*llvmpipe' <<<"$devices"; then
    echo "rusticl: llvmpipe is not visible as opencl:0; refusing to run" >&2
    exit 1
fi

status=0
option_sets=(
    "--size 64"
    "--size 512"
    "--size 97 --fit contain --filter bicubic --glitch seed=3,edge=wrap,tears=8"
    "--size 33 --filter box --gravity south --no-glitch"
    "--size 200 --filter hamming --effect sepia --effect tilt-shift"
    "--size 61 --filter mks2021 --effect tilt-shift:radius=0 --glitch seed=5,scanlines=3"
    "--size 150 --effect sharpen --no-glitch"
)
inputs=(samples/*.png samples/*.jpg Tests/ImageCodecsTests/Fixtures/mutations/seed-rgba.png
        Tests/GPUOpsTests/Fixtures/decode/png-rgba8-interlaced-13x11.png)
for options in "${option_sets[@]}"; do
    # shellcheck disable=SC2086 # the option sets are word lists
    if ! out=$("$binary" verify --device opencl $options "${inputs[@]}"); then
        echo "$out" >&2
        echo "rusticl: verify $options: not every image identical" >&2
        status=1
    fi
    echo "rusticl [$options] $(tail -n 1 <<<"$out")"
done

echo "== rusticl: the test suite"
# SWIFT_BUILD_FLAGS (CI: warnings as errors): the flags the suite was built with, so nothing rebuilds.
scripts/swift-test.sh ${SWIFT_BUILD_FLAGS:-} || status=1
exit $status
