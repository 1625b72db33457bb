#!/usr/bin/env python3
"""The AVIF output job, one alternating run: the photo corpus to 512x512 cover thumbnails at
quality 60, by Pillow 13.0.0 (its own AVIF writer: anchor_pillow.py ... avif), pyvips
(`heifsave` with AV1: anchor_pyvips.py ... avif) and gpuglitch (`--format avif --quality 60
--no-glitch --device cpu`), in rounds of the three in turn. Prints, per tool, the median
throughput, the total bytes and the mean PSNR of each thumbnail against the exact scaled image
of the same tool's geometry, without shrink-on-load: Pillow's `ImageOps.fit(..., LANCZOS)` of
the full decode (no draft), pyvips' `thumbnail_image` of the full decode, gpuglitch's PNG
output with `--no-shrink-on-load` (the three crop windows differ by a pixel or so, which costs
tens of dB on some photos when one tool is compared with another's reference), and the goal's
ratios against the faster anchor.

Usage: GPUGLITCH=.build/release/gpuglitch python3 scripts/bench/avif_job.py [CORPUS] [ROUNDS]
       (defaults /tmp/gpuglitch-corpus, 2; work in /tmp/gpuglitch-avif-job)
"""
import json
import os
import shutil
import statistics
import subprocess
import sys
import time

import numpy as np
from PIL import Image, ImageOps

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from corpus_files import corpus_files  # noqa: E402

CORPUS = sys.argv[1] if len(sys.argv) > 1 else "/tmp/gpuglitch-corpus"
ROUNDS = int(sys.argv[2]) if len(sys.argv) > 2 else 2
WORK = "/tmp/gpuglitch-avif-job"
GPUGLITCH = os.environ.get("GPUGLITCH", os.path.join(HERE, "..", "..", ".build", "release", "gpuglitch"))
TOOLS = {
    "pillow-avif": [sys.executable, f"{HERE}/anchor_pillow.py", CORPUS, "{out}", "2", "avif"],
    "pyvips-avif": [sys.executable, f"{HERE}/anchor_pyvips.py", CORPUS, "{out}", "2", "avif"],
    "gpuglitch-cpu-avif": [GPUGLITCH, "process", CORPUS, "-o", "{out}", "--size", "512", "--format", "avif",
                           "--quality", "60", "--no-glitch", "--device", "cpu", "--quiet"],
}


def references(files):
    """The exact 512x512 cover of every input in each tool's geometry, computed once."""
    import pyvips
    folders = {tool: os.path.join(WORK, "reference-" + tool) for tool in TOOLS}
    for folder in folders.values():
        os.makedirs(folder, exist_ok=True)
    for path in files:
        name = os.path.splitext(os.path.basename(path))[0] + ".png"
        out = os.path.join(folders["pillow-avif"], name)
        if not os.path.exists(out):
            with Image.open(path) as im:
                ImageOps.fit(ImageOps.exif_transpose(im).convert("RGB"), (512, 512), Image.LANCZOS).save(out)
        out = os.path.join(folders["pyvips-avif"], name)
        if not os.path.exists(out):
            image = pyvips.Image.new_from_file(path).autorot()
            image = image.flatten() if image.bands == 4 else image
            image.thumbnail_image(512, height=512, crop="centre").write_to_file(out)
    if not os.listdir(folders["gpuglitch-cpu-avif"]):
        subprocess.run([GPUGLITCH, "process", CORPUS, "-o", folders["gpuglitch-cpu-avif"], "--size", "512", "--format", "png",
                        "--no-glitch", "--no-shrink-on-load", "--device", "cpu", "--quiet"], check=True)
    return folders


def psnr(a, b):
    a = np.asarray(a, dtype=np.float64)
    b = np.asarray(b, dtype=np.float64)
    return 10 * np.log10(255.0 ** 2 / np.mean((a - b) ** 2))


def main():
    files = corpus_files(CORPUS)
    reference = references(files)
    times = {tool: [] for tool in TOOLS}
    for round_ in range(ROUNDS):
        for tool, command in TOOLS.items():
            out = os.path.join(WORK, tool)
            shutil.rmtree(out, ignore_errors=True)
            os.makedirs(out)
            env = dict(os.environ, VIPS_CONCURRENCY="1")
            start = time.perf_counter()
            subprocess.run([c.replace("{out}", out) for c in command], check=True, env=env)
            times[tool].append(time.perf_counter() - start)
            print(f"round {round_ + 1} {tool}: {times[tool][-1]:.1f} s", file=sys.stderr)
    results = {}
    for tool in TOOLS:
        out = os.path.join(WORK, tool)
        total, values = 0, []
        for path in files:
            stem = os.path.splitext(os.path.basename(path))[0]
            avif = os.path.join(out, stem + ".avif")
            total += os.path.getsize(avif)
            with Image.open(avif) as im, Image.open(os.path.join(reference[tool], stem + ".png")) as ref:
                values.append(psnr(im.convert("RGB"), ref.convert("RGB")))
        seconds = statistics.median(times[tool])
        results[tool] = {"images_per_s": len(files) / seconds, "seconds": times[tool], "bytes": total,
                         "psnr": float(np.mean(values))}
    anchor = max(("pillow-avif", "pyvips-avif"), key=lambda t: results[t]["images_per_s"])
    ours = results["gpuglitch-cpu-avif"]
    print(json.dumps(results, indent=1))
    print(f"| tool | images/s | bytes | PSNR (dB) |\n|---|---|---|---|")
    for tool, r in results.items():
        print(f"| {tool} | {r['images_per_s']:.2f} | {r['bytes']:,} | {r['psnr']:.2f} |")
    print(f"against {anchor}: {ours['images_per_s'] / results[anchor]['images_per_s']:.2f}x throughput "
          f"(goal >= 1.6), {ours['bytes'] / results[anchor]['bytes']:.3f}x bytes (goal <= 1.05), "
          f"{ours['psnr'] - results[anchor]['psnr']:+.2f} dB (goal >= -0.3)")


if __name__ == "__main__":
    main()
