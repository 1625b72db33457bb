#!/bin/sh
# Per-format decode benchmark: gpuglitch, Pillow and pyvips on a small set of photos written
# in every input format (JPEG, PNG, WebP, TIFF LZW, TIFF JPEG, GIF, BMP, AVIF, HEIC), in
# alternating rounds, and print a Markdown table. Installs what it needs (Debian 12; apt needs
# root), makes the corpus and the set if they are missing, builds gpuglitch in release mode.
# See docs/BENCHMARKS.md ("Per-format decode") and scripts/bench/README.md.
#
# Usage: scripts/bench-formats.sh [--runs N] [--warmup N] [--formats LIST] [--corpus DIR]
#                                 [--set DIR] [--work DIR] [--timeout S] [--no-install]
#                                 [--rebuild-set]
#   --runs N        measured rounds; the table shows medians [5]
#   --warmup N      unmeasured rounds first [1]
#   --formats LIST  comma-separated folders of the set [all: avif,bmp,gif,heic,jpeg,png,
#                   tiff-jpeg,tiff-lzw,webp]
#   --corpus DIR    the benchmark corpus the set is made from [/tmp/gpuglitch-corpus]
#   --set DIR       the per-format set, made by scripts/bench/make_format_set.py (Pillow
#                   13.0.0, pillow-heif 1.8.1) when missing [/tmp/gpuglitch-format-set]
#   --work DIR      outputs, logs, table.md, results.json [/tmp/gpuglitch-bench-formats]
#   --timeout S     a run taking longer is killed and its tool reported failed [600]
#   --no-install    use the venv and packages as they are
#   --rebuild-set   delete and remake the set at --set
# Environment: GPUGLITCH=path (skip the swift build), BENCH_VENV [/tmp/gpuglitch-bench-venv],
#   PYTHON (for the venv) [/usr/bin/python3], PILLOW_HEIF_SPEC [pillow-heif==1.8.1].
set -eu

REPO=$(cd "$(dirname "$0")/.." && pwd)
BENCH="$REPO/scripts/bench"
RUNS=5 WARMUP=1 FORMATS="" CORPUS=/tmp/gpuglitch-corpus SET=/tmp/gpuglitch-format-set
WORK=/tmp/gpuglitch-bench-formats TIMEOUT=600 INSTALL=1 REBUILD_SET=0
VENV=${BENCH_VENV:-/tmp/gpuglitch-bench-venv}
PYTHON=${PYTHON:-/usr/bin/python3}
PILLOW_HEIF_SPEC=${PILLOW_HEIF_SPEC:-pillow-heif==1.8.1}

usage() { sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --formats) FORMATS=$2; shift 2 ;;
    --corpus) CORPUS=$2; shift 2 ;;
    --set) SET=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --no-install) INSTALL=0; shift ;;
    --rebuild-set) REBUILD_SET=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "unknown argument: $1" >&2; usage 2 >&2 ;;
  esac
done
mkdir -p "$WORK/logs"
LOGS="$WORK/logs"
UNAVAILABLE=""
. "$BENCH/install.sh"  # say, unavailable, apt_install, install_pillow_pyvips, ensure_corpus, build_gpuglitch

# --- Pillow, pillow-heif, pyvips (libvips reads BMP through ImageMagick: Debian's libvips42) --
if [ "$INSTALL" = 1 ]; then
  apt_install libvips42 python3-venv || true
  install_pillow_pyvips "$VENV" "$PILLOW_HEIF_SPEC"
else
  check_pillow_pyvips "$VENV"
fi
"$VENV/bin/python" -c 'import pillow_heif' 2>/dev/null || unavailable pillow "no pillow-heif in $VENV"
if [ -n "$UNAVAILABLE" ]; then say "the anchors are needed for the set and the table"; exit 1; fi

# --- the set ---------------------------------------------------------------------------------
if [ "$REBUILD_SET" = 1 ] || [ ! -f "$SET/manifest.json" ]; then
  ensure_corpus "$CORPUS" 0 "$INSTALL"
  rm -rf "$SET"
  say "making the per-format set in $SET (a few minutes; log $LOGS/format-set.log)"
  "$VENV/bin/python" "$BENCH/make_format_set.py" "$CORPUS" "$SET" >"$LOGS/format-set.log" 2>&1 ||
    { say "making the set failed, see $LOGS/format-set.log"; exit 1; }
fi
say "set: $SET ($(find "$SET" -type f ! -name manifest.json | wc -l) files)"

# --- gpuglitch -------------------------------------------------------------------------------
build_gpuglitch || { say "swift build failed: $(swift_build_error)"; exit 1; }

# --- run -------------------------------------------------------------------------------------
exec "$PYTHON" "$BENCH/run_format_rounds.py" --set "$SET" --formats "$FORMATS" --runs "$RUNS" \
  --warmup "$WARMUP" --timeout "$TIMEOUT" --venv "$VENV" --gpuglitch "$GG" --work "$WORK"
