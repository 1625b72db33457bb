#!/bin/sh
# PNG encoding per image: ImageCodecs' encoder at several libdeflate levels against Pillow 13's
# save(format="PNG") on 512x512 thumbnails of the corpus. Thread CPU time, medians; bytes
# summed. See docs/BENCHMARKS.md, "PNG output".
# Usage: scripts/bench/png_encode.sh [CORPUS] [LEVELS] [RUNS]
#   CORPUS [/tmp/gpuglitch-corpus]; LEVELS, comma-separated libdeflate levels [1,3,5,6,7,9];
#   RUNS per image and level [3]. Environment: PILLOW_PYTHON, a Python with Pillow 13.0.0
#   [/tmp/gpuglitch-bench-venv/bin/python, as bench-anchors.sh installs it]; WORK
#   [/tmp/gpuglitch-png-encode].
set -eu
REPO=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$REPO/scripts/bench/png-encode"
CORPUS=${1:-/tmp/gpuglitch-corpus} LEVELS=${2:-1,3,5,6,7,9} RUNS=${3:-3}
PY=${PILLOW_PYTHON:-/tmp/gpuglitch-bench-venv/bin/python}
WORK=${WORK:-/tmp/gpuglitch-png-encode}
mkdir -p "$WORK/thumbs"
[ -f "$WORK/thumbs/pillow.csv" ] || "$PY" "$HERE/make_thumbs.py" "$CORPUS" "$WORK/thumbs"
S="$REPO/Sources/ImageCodecs"
swiftc -O -I "$REPO/Sources/CDeflate" -o "$WORK/harness" "$HERE/main.swift" \
  "$S/HostImage.swift" "$S/ImageCodecError.swift" "$S/PNGCompression.swift" "$S/PNGEncoder.swift" \
  "$S/PNGFileAssembler.swift" "$S/PNGRowFilterChooser.swift"
"$WORK/harness" "$WORK/encode.csv" "$LEVELS" "$RUNS" "$WORK"/thumbs/*.raw
python3 "$HERE/analyse.py" "$WORK/thumbs/pillow.csv" "$WORK/encode.csv"
