#!/bin/bash
# Packs gpuglitch for a lent GPU machine (no Swift toolchain, no network there): a stripped
# release build with the Swift runtime linked in, gzipped; the shared libraries it loads that
# such a machine may lack (OpenCL ICD loader, libpng, libturbojpeg, libdeflate, zlib); a
# launcher that points the ICD loader at the NVIDIA driver's OpenCL library; and check.sh,
# which runs the whole GPU check there (see docs/BENCHMARKS.md, "On a real GPU").
#
# Usage, from the project root:   scripts/gpu/pack.sh [DIR]      (default .gpu, git-ignored)
# Then, with the device tool:     run  carry [".gpu"]  command ".gpu/check.sh"
# and compare here:                scripts/gpu/compare.sh FILES_AT
#
# Based on ../shared/gpu/pack.sh, which does not copy libdeflate (the PNG fast path needs it).
set -euo pipefail
DIR=${1:-.gpu}
swift build -c release --static-swift-stdlib --product gpuglitch >/dev/null
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/gpuglitch
rm -rf "$DIR"; mkdir -p "$DIR/lib" "$DIR/images"
strip -o "$DIR/gpuglitch" "$bin"; gzip -9 "$DIR/gpuglitch"
ldd "$bin" | awk '/=>/ {print $3}' \
    | grep -E 'libOpenCL|libpng|libturbojpeg|libjpeg|libdeflate|libz\.so' \
    | while read -r lib; do cp -L "$lib" "$DIR/lib/"; done
cp samples/* "$DIR/images/"
cp scripts/gpu/run.sh scripts/gpu/check.sh "$DIR/"
chmod +x "$DIR/run.sh" "$DIR/check.sh"
du -sh "$DIR"
