#!/bin/sh
# Benchmark gpuglitch against the anchors (Pillow-SIMD, Pillow, pyvips, vipsthumbnail,
# OpenCV) on one real-photo corpus, in alternating rounds, and print a Markdown table.
# Installs what it needs itself (Debian 12; apt needs root), builds the corpus if it is
# missing, builds gpuglitch in release mode. See docs/BENCHMARKS.md and scripts/bench/README.md.
#
# Usage: scripts/bench-anchors.sh [--runs N] [--warmup N] [--corpus DIR] [--list-repeat K]
#                                 [--only TOOL,...] [--work DIR] [--timeout S] [--no-install]
#                                 [--rebuild-corpus]
#   --runs N          measured rounds; the table shows medians [5]
#   --warmup N        unmeasured rounds first (page cache, POCL kernel cache) [1]
#   --corpus DIR      the corpus; built with scripts/bench/make_corpus.sh if DIR does not
#                     exist [/tmp/gpuglitch-corpus]
#   --list-repeat K   instead of the comparison: gpuglitch fed a --list naming the corpus
#                     once and K times over (sub-folders c0..c{K-1}), to show peak RSS stays flat
#   --only LIST       tools or groups, comma-separated [all]; groups: anchors, gpuglitch,
#                     effects, all; tools: pillow-simd pillow pyvips vipsthumbnail opencv
#                     gpuglitch-cpu gpuglitch-cpu-glitch gpuglitch-opencl gpuglitch-opencl-glitch
#                     pillow-simd-effects pillow-effects gpuglitch-cpu-effects
#                     gpuglitch-opencl-effects (the effects job: sepia + tilt-shift, rated
#                     against the best effects anchor) pyvips-webp gpuglitch-cpu-webp (lossy
#                     WebP q90 output, rated against pyvips) pillow-simd-png pyvips-png
#                     pillow-png gpuglitch-cpu-png (PNG output at each tool's default
#                     level, rated against the best PNG anchor, total bytes listed too)
#                     pillow-simd-srcset pyvips-srcset gpuglitch-cpu-srcset (the srcset job:
#                     each photo once, contain 1024, 512 and 256, JPEG q85 4:2:0, rated
#                     against the faster srcset anchor) pyvips-attention
#                     gpuglitch-cpu-attention gpuglitch-opencl-attention (the thumbnail job
#                     with --gravity attention, rated against pyvips' crop="attention");
#                     pillow-animated pyvips-animated gpuglitch-cpu-animated
#                     gpuglitch-opencl-animated (the animated job: 50 GIFs of 20-100 frames
#                     to 256 px animated WebP q90, every frame, rated against the faster
#                     anchor; frames/s and output bytes listed too);
#                     groups effects, webp, png, srcset, attention, animated
#   --work DIR        outputs, logs, table.md, results.json [/tmp/gpuglitch-bench]
#   --timeout S       a run taking longer is killed and its tool reported failed [900]
#   --no-install      use the venvs and packages as they are
#   --rebuild-corpus  delete and rebuild the corpus at --corpus
#   --animated-corpus DIR  the animated job's GIFs; built with bench/make_animated_corpus.py
#                     (seeded, from --corpus) if DIR does not exist [/tmp/gpuglitch-animated-corpus]
# Environment: GPUGLITCH=path (skip the swift build), BENCH_VENV, BENCH_SIMD_VENV,
#   PYTHON (for the venvs) [/usr/bin/python3], POCL_CACHE_DIR [/tmp/pocl-cache-$USER-bench].
set -eu

REPO=$(cd "$(dirname "$0")/.." && pwd)
BENCH="$REPO/scripts/bench"
RUNS=5 WARMUP=1 CORPUS=/tmp/gpuglitch-corpus ANIMATED_CORPUS=/tmp/gpuglitch-animated-corpus LIST_REPEAT=0 ONLY=all WORK=/tmp/gpuglitch-bench
INSTALL=1 REBUILD_CORPUS=0 TIMEOUT=900
VENV=${BENCH_VENV:-/tmp/gpuglitch-bench-venv}
SIMD_VENV=${BENCH_SIMD_VENV:-/tmp/gpuglitch-bench-simd-venv}
PYTHON=${PYTHON:-/usr/bin/python3}
export POCL_CACHE_DIR="${POCL_CACHE_DIR:-/tmp/pocl-cache-${USER:-$(id -un)}-bench}"

# Pinned so that reruns compare like with like; override to try newer ones (Pillow's and
# pyvips' pins are in bench/install.sh, shared with bench-formats.sh).
OPENCV_SPEC=${OPENCV_SPEC:-opencv-python-headless==5.0.0.93}
SIMD_SPEC=${SIMD_SPEC:-pillow-simd==12.1.1.post0}
APT_PACKAGES="libvips-tools python3-venv python3-dev build-essential libjpeg-dev zlib1g-dev"

usage() { sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit "${1:-0}"; }
while [ $# -gt 0 ]; do
  case $1 in
    --runs) RUNS=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    --corpus) CORPUS=$2; shift 2 ;;
    --animated-corpus) ANIMATED_CORPUS=$2; shift 2 ;;
    --list-repeat) LIST_REPEAT=$2; shift 2 ;;
    --only) ONLY=$2; shift 2 ;;
    --work) WORK=$2; shift 2 ;;
    --timeout) TIMEOUT=$2; shift 2 ;;
    --no-install) INSTALL=0; shift ;;
    --rebuild-corpus) REBUILD_CORPUS=1; shift ;;
    -h|--help) usage 0 ;;
    *) echo "unknown argument: $1" >&2; usage 2 >&2 ;;
  esac
done
mkdir -p "$WORK/logs"
LOGS="$WORK/logs"
UNAVAILABLE=""
. "$BENCH/install.sh"  # say, unavailable, apt_install, install_pillow_pyvips, ensure_corpus, build_gpuglitch

# Which parts are wanted (the driver resolves the exact tool names).
wants() { case ",$ONLY," in *",all,"*) return 0 ;; esac; case ",$ONLY," in *"$1"*) return 0 ;; esac; return 1; }
WANT_ANCHORS=0 WANT_GPUGLITCH=0
for t in anchors pillow pyvips vipsthumbnail opencv; do wants "$t" && WANT_ANCHORS=1; done
wants gpuglitch && WANT_GPUGLITCH=1
wants effects && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
wants webp && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
wants png && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
wants srcset && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
wants attention && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
wants animated && WANT_ANCHORS=1 && WANT_GPUGLITCH=1
[ "$LIST_REPEAT" -gt 1 ] && WANT_ANCHORS=0

# --- anchors -------------------------------------------------------------------------------
install_anchors() {
  apt_install $APT_PACKAGES || true
  command -v vipsthumbnail >/dev/null || unavailable vipsthumbnail "vipsthumbnail not installed (Debian libvips-tools)"

  install_pillow_pyvips "$VENV"
  "$VENV/bin/pip" install -q --disable-pip-version-check "$OPENCV_SPEC" \
      >"$LOGS/pip-opencv.log" 2>&1 || say "pip install $OPENCV_SPEC failed, see $LOGS/pip-opencv.log"
  "$VENV/bin/python" -c 'import cv2' >"$LOGS/opencv-check.log" 2>&1 ||
    unavailable opencv "$OPENCV_SPEC not usable: $(tail -n 1 "$LOGS/opencv-check.log")"

  # Pillow-SIMD replaces the PIL package, so it lives in a venv of its own. It has no wheels:
  # it is compiled here, with AVX2 enabled when the CPU has it (its fast paths need -mavx2).
  if [ ! -x "$SIMD_VENV/bin/python" ]; then "$PYTHON" -m venv "$SIMD_VENV" || true; fi
  if ! "$SIMD_VENV/bin/python" -c 'import PIL, sys; sys.exit("post" not in PIL.__version__)' 2>/dev/null; then
    simd_cc="cc"; grep -qw avx2 /proc/cpuinfo && simd_cc="cc -mavx2"
    say "building $SIMD_SPEC with CC=\"$simd_cc\" (a few minutes; log $LOGS/pillow-simd-build.log)"
    CC="$simd_cc" MAX_CONCURRENCY=1 "$SIMD_VENV/bin/pip" install --disable-pip-version-check \
        --no-cache-dir --no-binary pillow-simd "$SIMD_SPEC" >"$LOGS/pillow-simd-build.log" 2>&1 ||
      say "Pillow-SIMD build failed: $(grep -m1 -iE 'error[: ]' "$LOGS/pillow-simd-build.log" || tail -n 1 "$LOGS/pillow-simd-build.log")"
  fi
  "$SIMD_VENV/bin/python" -c 'import PIL, sys; sys.exit("post" not in PIL.__version__)' 2>/dev/null ||
    unavailable pillow-simd "not built: $(grep -m1 -iE 'error[: ]' "$LOGS/pillow-simd-build.log" 2>/dev/null || echo "see $LOGS/pillow-simd-build.log")"
}

check_anchors() {  # --no-install: only say what is missing
  command -v vipsthumbnail >/dev/null || unavailable vipsthumbnail "vipsthumbnail not installed"
  check_pillow_pyvips "$VENV"
  "$VENV/bin/python" -c 'import cv2' 2>/dev/null || unavailable opencv "no cv2 in $VENV"
  "$SIMD_VENV/bin/python" -c 'import PIL, sys; sys.exit("post" not in PIL.__version__)' 2>/dev/null ||
    unavailable pillow-simd "no Pillow-SIMD in $SIMD_VENV"
}

if [ "$WANT_ANCHORS" = 1 ]; then
  if [ "$INSTALL" = 1 ]; then install_anchors; else check_anchors; fi
fi

# --- corpus --------------------------------------------------------------------------------
ensure_corpus "$CORPUS" "$REBUILD_CORPUS" "$INSTALL"
# The animated job's GIFs, made from the photo corpus with the anchors' Pillow (13.0.0).
if wants animated && [ ! -f "$ANIMATED_CORPUS/manifest.json" ]; then
  say "building the animated corpus in $ANIMATED_CORPUS (log $LOGS/animated-corpus.log)"
  "$VENV/bin/python" "$BENCH/make_animated_corpus.py" --photos "$CORPUS" --out "$ANIMATED_CORPUS" \
      >"$LOGS/animated-corpus.log" 2>&1 || { say "animated corpus build failed, see $LOGS/animated-corpus.log"; exit 1; }
fi

# --- gpuglitch -----------------------------------------------------------------------------
GG=${GPUGLITCH:-}
if [ "$WANT_GPUGLITCH" = 1 ] && ! build_gpuglitch; then
  for t in gpuglitch-cpu gpuglitch-cpu-glitch gpuglitch-opencl gpuglitch-opencl-glitch \
           gpuglitch-cpu-effects gpuglitch-opencl-effects gpuglitch-cpu-webp gpuglitch-cpu-png \
           gpuglitch-cpu-srcset gpuglitch-cpu-attention gpuglitch-opencl-attention \
           gpuglitch-cpu-animated gpuglitch-opencl-animated; do
    unavailable "$t" "swift build failed: $(swift_build_error)"
  done
fi

# --- run -----------------------------------------------------------------------------------
set -- --corpus "$CORPUS" --animated-corpus "$ANIMATED_CORPUS" --runs "$RUNS" --warmup "$WARMUP" --only "$ONLY" \
  --list-repeat "$LIST_REPEAT" --timeout "$TIMEOUT" --venv "$VENV" --simd-venv "$SIMD_VENV" --work "$WORK" \
  --gpuglitch "${GG:-gpuglitch}"
# one --unavailable per line of $UNAVAILABLE (reasons may hold spaces)
OLDIFS=$IFS; IFS='
'
for u in $UNAVAILABLE; do set -- "$@" --unavailable "$u"; done
IFS=$OLDIFS
exec "$PYTHON" "$BENCH/run_rounds.py" "$@"
