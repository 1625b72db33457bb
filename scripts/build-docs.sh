#!/bin/sh
# Builds the API documentation of the two library products, GPUOps and OperationChain, with
# the DocC plugin, and fails on any warning: a broken ``symbol`` link, an undocumented
# parameter, a warning of the build that extracts the symbols.
#
# Usage: scripts/build-docs.sh [OUTPUT]   (default .build/docs)
# Writes OUTPUT/GPUOps.doccarchive and OUTPUT/OperationChain.doccarchive, replacing what an
# earlier run left there. Open one with `docc preview`, or serve the folder from any static
# web server (the archives are transformed for static hosting).
#
# The plugin enters the package graph only when GPUGLITCH_BUILD_DOCS is set (see
# Package.swift), so packages that depend on gpuglitch never fetch it.
set -eu
cd "$(dirname "$0")/.."
OUTPUT=${1:-.build/docs}
case "$OUTPUT" in /*) ;; *) OUTPUT="$PWD/$OUTPUT" ;; esac
export GPUGLITCH_BUILD_DOCS=1

mkdir -p "$OUTPUT"
rm -rf "$OUTPUT/GPUOps.doccarchive" "$OUTPUT/OperationChain.doccarchive"
log=$(mktemp)
trap 'rm -f "$log"' EXIT

status=0
swift package --allow-writing-to-directory "$OUTPUT" generate-documentation \
    --target GPUOps --target OperationChain \
    --warnings-as-errors --output-path "$OUTPUT" >"$log" 2>&1 || status=$?
cat "$log"

# DocC turns its own warnings into errors; this also catches a compiler or plugin warning.
if grep -Eq '(^|: )warning:' "$log"; then
    echo "build-docs: warnings above (treated as errors)" >&2
    exit 1
fi
if [ "$status" -ne 0 ]; then
    echo "build-docs: the documentation build failed (status $status)" >&2
    exit "$status"
fi
for target in GPUOps OperationChain; do
    if [ ! -f "$OUTPUT/$target.doccarchive/index.html" ] && [ ! -d "$OUTPUT/$target.doccarchive/data" ]; then
        echo "build-docs: $OUTPUT/$target.doccarchive was not written" >&2
        exit 1
    fi
done
echo "build-docs: ok ($OUTPUT/GPUOps.doccarchive, $OUTPUT/OperationChain.doccarchive)"
