"""Anchor of the per-format decode job: pyvips, pool of JOBS, VIPS_CONCURRENCY=1.

Each file: pyvips.Image.new_from_file(path, access="sequential").copy_memory() (the decode,
timed: copy_memory() makes libvips decode every pixel into memory; no shrink-on-load), then
thumbnail_image(256, height=256) (contain, from the decoded pixels) and
jpegsave(Q=85, subsample_mode="on", strip=True); an image with alpha (libnsgif gives GIFs
four bands) is flattened on black first. libvips reads BMP through ImageMagick
(magickload), held to one thread (MAGICK_THREAD_LIMIT=1, OMP_NUM_THREADS=1).

Usage: anchor_pyvips_decode.py INDIR OUTDIR JOBS TIMINGS.json
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from format_set import QUALITY, SIZE, run_decode_anchor  # noqa: E402


def decode_and_thumbnail(job):
    import pyvips  # in the worker, after fork: libvips starts threads

    path, out = job
    started = time.perf_counter()
    image = pyvips.Image.new_from_file(path, access="sequential").copy_memory()
    seconds = time.perf_counter() - started
    thumbnail = image.thumbnail_image(SIZE, height=SIZE)
    if thumbnail.hasalpha():
        thumbnail = thumbnail.flatten()
    thumbnail.jpegsave(out, Q=QUALITY, subsample_mode="on", strip=True)
    return path, seconds


if __name__ == "__main__":
    # Before the pool forks, so the workers inherit them.
    for name in ("VIPS_CONCURRENCY", "MAGICK_THREAD_LIMIT", "OMP_NUM_THREADS"):
        os.environ.setdefault(name, "1")
    run_decode_anchor(decode_and_thumbnail)
