#!/bin/bash
# Packs gpuglitch for a lent GPU machine (no Swift toolchain, no network there): a stripped
# release build with the Swift runtime linked in, gzipped; the shared libraries it loads that
# such a machine may lack (all of them, gzipped: OpenCL ICD loader, codecs, libcurl, glibc); a
# scripts/gpu/run.sh starts it there with the NVIDIA driver's OpenCL library as the only ICD,
# and scripts/gpu/check.sh runs the whole GPU check (see docs/BENCHMARKS.md, "On a real GPU").
#
# Usage, from the project root:   scripts/gpu/pack.sh [DIR]      (default .gpu, git-ignored)
# Then, with the device tool:     run  carry [".gpu"]  command "scripts/gpu/check.sh"
# and compare here:                scripts/gpu/compare.sh FILES_AT
#
# Needs libcurl4-openssl-dev here (the static Foundation links libcurl). Based on
# ../shared/gpu/pack.sh, which copies neither libdeflate nor libcurl's dependencies.
set -euo pipefail
DIR=${1:-.gpu}
pkg-config --exists libcurl || { echo "pack.sh: needs libcurl's development files: apt-get install libcurl4-openssl-dev" >&2; exit 1; }
swift build -c release --static-swift-stdlib --product gpuglitch >/dev/null
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)/gpuglitch
rm -rf "$DIR"; mkdir -p "$DIR/lib"
strip -o "$DIR/gpuglitch" "$bin"; gzip -9 "$DIR/gpuglitch"
# Every library it loads, the C library and the dynamic loader included: the lent machine's
# distribution is unknown, and an older glibc there would refuse a binary linked here
# (Debian 12, glibc 2.36). run.sh starts the binary through the packed loader.
ldd "$bin" | awk '/=>/ {print $3} /ld-linux/ {print $1}' | sort -u \
    | while read -r lib; do cp -L "$lib" "$DIR/lib/"; done
tar -C "$DIR" -czf "$DIR/lib.tar.gz" lib && rm -rf "$DIR/lib"
du -sh "$DIR"
