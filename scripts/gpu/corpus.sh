#!/bin/bash
# The main job on the lent GPU machine: a photo corpus made there by copying the carried JPEGs
# (CORPUS_SEED, default .gpucorpus: a few files of scripts/bench/make_corpus.sh's corpus, as the
# working tree that travels is limited) COPIES times each, then the thumbnail, glitch and srcset
# jobs on the GPU and on the CPU in alternating rounds (wall seconds and peak RSS per run), the
# batch's stage breakdown (`bench --corpus`) and `verify` of the GPU against the CPU backend.
# Everything goes under $OUT. Run by scripts/gpu/check.sh after the samples check.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)   # scripts/gpu
OUT=${OUT:-/tmp/gpuglitch-gpu-out}
DEVICE=${DEVICE:-gpu}
SEED=${CORPUS_SEED:-.gpucorpus}
COPIES=${COPIES:-20}
ROUNDS=${ROUNDS:-3}
[[ -d $SEED ]] || { echo "corpus.sh: no $SEED folder: skipped" | tee "$OUT/corpus.txt"; exit 0; }
corpus=${TMPDIR:-/tmp}/gpuglitch-gpu-corpus
rm -rf "$corpus"; mkdir -p "$corpus"
for f in "$SEED"/*.jpg; do
    for ((i = 0; i < COPIES; i++)); do cp "$f" "$corpus/$(basename "$f" .jpg)-$i.jpg"; done
done
log=$OUT/corpus.txt
echo "corpus: $(ls "$corpus" | wc -l) JPEGs, $(du -sh "$corpus" | cut -f1), $(nproc) cores" | tee "$log"
# run LABEL DEVICE FLAGS...: one timed batch; prints label, device, wall s, peak RSS KiB, exit
# code. DEVICE is a --device value, or gpu+N for --device gpu --device-share N.
run() {
    local label=$1 device=$2; shift 2
    local name=$device
    if [[ $device == *+* ]]; then
        set -- "$@" --device-share "${device#*+}"; device=${device%%+*}
    fi
    local dest=${TMPDIR:-/tmp}/gpuglitch-corpus-out
    rm -rf "$dest"
    local start end rss rc
    start=$(date +%s.%N)
    if [[ -x /usr/bin/time ]]; then
        /usr/bin/time -f %M -o "$dest.rss" "$here/run.sh" process "$corpus" "$@" --device "$device" \
            --output "$dest" --quiet >>"$OUT/corpus-process.txt" 2>&1
        rc=$?; rss=$(tail -1 "$dest.rss")
    else
        "$here/run.sh" process "$corpus" "$@" --device "$device" --output "$dest" --quiet \
            >>"$OUT/corpus-process.txt" 2>&1
        rc=$?; rss=-
    fi
    end=$(date +%s.%N)
    printf '%-10s %-6s wall %7.3f s  peak %8s KiB  rc %d  files %d\n' "$label" "$name" \
        "$(awk "BEGIN {print $end - $start}")" "$rss" "$rc" "$(find "$dest" -type f | wc -l)" | tee -a "$log"
}
# Each job on the device alone, the CPU alone and auto (device and CPU together), and the
# thumbnail job with the device's share of images in flight swept (--device-share).
# thumb-host and thumb-device pin the JPEG decoder (docs/SPEC.md §9; on the CPU backend both
# are libjpeg-turbo's: the `--decode device` flag, a usage error there, is dropped for the CPU
# and auto runs).
jobs=("thumbnail:--size 512 --no-glitch" "glitch:--size 512" \
      "srcset:--size 1024,512,256 --fit contain --no-glitch" \
      "thumb-host:--size 512 --no-glitch --decode host" "thumb-device:--size 512 --no-glitch --decode device")
SHARES=${SHARES:-2 4 8}
run warmup "$DEVICE" --size 512 --no-glitch
for ((r = 1; r <= ROUNDS; r++)); do
    for job in "${jobs[@]}"; do
        name=${job%%:*}; flags=${job#*:}
        order=("$DEVICE" cpu auto)
        [[ $name == thumbnail ]] && for n in $SHARES; do order+=("$DEVICE+$n"); done
        ((r % 2)) || order=($(printf '%s\n' "${order[@]}" | tac))
        for device in "${order[@]}"; do
            if [[ $device == cpu || $device == auto ]]; then run "$name" "$device" ${flags//--decode device/}
            else run "$name" "$device" $flags; fi
        done
    done
done
"$here/run.sh" bench --corpus "$corpus" --device "$DEVICE" --device cpu --repetitions 1 --iterations 1 \
    2>&1 | tee "$OUT/corpus-bench.txt"
"$here/run.sh" bench --corpus "$corpus" --device "$DEVICE" --decode host --repetitions 1 --iterations 1 \
    2>&1 | tee -a "$OUT/corpus-bench.txt"
# The GPU against the CPU backend, pixel for pixel, on one copy of each seed file.
"$here/run.sh" verify "$SEED" --device "$DEVICE" --size 512 2>&1 | tee "$OUT/verify.txt"
"$here/run.sh" verify "$SEED" --device "$DEVICE" --size 1024,512,256 --fit contain --effect sepia \
    --effect sharpen --effect tilt-shift 2>&1 | tee -a "$OUT/verify.txt"
"$here/run.sh" verify "$SEED" --device "$DEVICE" --size 400x300 --gravity attention 2>&1 | tee -a "$OUT/verify.txt"
# Stage 2 (the Huffman decode on the device, docs/SPEC.md §9.1) takes every baseline file
# (thumb-device above: the corpus has no restart intervals, so each photo is one interval cut
# into chunks). The same corpus through `jpegtran -restart 1` (a marker every MCU row, the
# coefficients unchanged) shows what restart intervals change: the thumbnail job with the
# device decoder, the host's and auto, in alternating rounds, then the decoder checked against
# libjpeg-turbo on them.
if command -v jpegtran >/dev/null; then
    restart=${TMPDIR:-/tmp}/gpuglitch-gpu-corpus-restart
    rm -rf "$restart"; mkdir -p "$restart"
    for f in "$corpus"/*.jpg; do jpegtran -restart 1 -copy all -outfile "$restart/$(basename "$f")" "$f"; done
    plain=$corpus; corpus=$restart
    modes=(device host auto)
    for ((r = 1; r <= ROUNDS; r++)); do
        order=(0 1 2)
        ((r % 2)) || order=(2 1 0)
        for i in "${order[@]}"; do
            run "thumb-rst-${modes[$i]}" "$DEVICE" --size 512 --no-glitch --decode "${modes[$i]}"
        done
    done
    corpus=$plain
    "$here/run.sh" verify "$restart" --device "$DEVICE" --decode device --size 512 2>&1 | tail -3 | tee -a "$OUT/verify.txt"
    "$here/run.sh" verify "$restart" --device "$DEVICE" --decode device --size 4096 --no-shrink-on-load --fit contain \
        --no-glitch 2>&1 | tail -3 | tee -a "$OUT/verify.txt"
else
    echo "corpus.sh: no jpegtran: the restart-interval (stage 2) runs skipped" | tee -a "$log"
fi
# The device JPEG decoder against libjpeg-turbo, full size and at the thumbnail's scale.
"$here/run.sh" verify "$SEED" --device "$DEVICE" --decode device --size 512 2>&1 | tee -a "$OUT/verify.txt"
"$here/run.sh" verify "$SEED" --device "$DEVICE" --decode device --size 4096 --no-shrink-on-load --fit contain \
    --no-glitch 2>&1 | tee -a "$OUT/verify.txt"
