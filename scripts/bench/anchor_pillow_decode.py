"""Anchor of the per-format decode job: Pillow 13 (HEIC through pillow-heif), pool of JOBS.

Each file: Image.open(path).load() (the decode, timed: every pixel, no draft()), then
convert("RGB"), ImageOps.contain(..., (256, 256), LANCZOS), save JPEG quality 85, 4:2:0.
AVIF (Pillow's libavif) and HEIC (pillow-heif's libheif) decode on one thread each
(AvifImagePlugin.DEFAULT_MAX_THREADS, pillow_heif.options.DECODE_THREADS), so that a pool
of 2 uses two cores, as gpuglitch's --jobs 2 and pyvips' VIPS_CONCURRENCY=1 do.

Usage: anchor_pillow_decode.py INDIR OUTDIR JOBS TIMINGS.json
"""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from format_set import QUALITY, SIZE, run_decode_anchor  # noqa: E402


def setup():
    import pillow_heif
    from PIL import AvifImagePlugin

    pillow_heif.options.DECODE_THREADS = 1
    pillow_heif.register_heif_opener()
    AvifImagePlugin.DEFAULT_MAX_THREADS = 1


def decode_and_thumbnail(job):
    from PIL import Image, ImageOps

    path, out = job
    started = time.perf_counter()
    image = Image.open(path)
    image.load()
    seconds = time.perf_counter() - started
    thumbnail = ImageOps.contain(image.convert("RGB"), (SIZE, SIZE), Image.LANCZOS)
    thumbnail.save(out, "JPEG", quality=QUALITY, subsampling=2)
    return path, seconds


if __name__ == "__main__":
    run_decode_anchor(decode_and_thumbnail, initializer=setup)
