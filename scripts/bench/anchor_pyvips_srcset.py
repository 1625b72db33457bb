"""Anchor for the srcset job: pyvips, pool of 2, VIPS_CONCURRENCY=1, each photo opened once.

The job (issue 23): longer side 1024, 512 and 256 (contain), JPEG q85 4:2:0, written as
OUT/<stem>_<size>.jpg, gpuglitch's default names for several sizes:
  big = pyvips.Image.thumbnail(path, 1024).copy_memory()   # shrink-on-load, fits 1024x1024
  big.jpegsave(OUT/<stem>_1024.jpg, Q=85, subsample_mode="on", strip=True)
  big.thumbnail_image(512) and big.thumbnail_image(256), saved the same way

copy_memory() renders the 1024 image once: without it each thumbnail_image() would run the
whole pipeline again from the file, a second and third decode. thumbnail() with only a width
fits the image into a width x width box (its height defaults to the width), no crop: contain.

Usage: anchor_pyvips_srcset.py INDIR OUTDIR [JOBS]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

LARGEST, SMALLER = 1024, (512, 256)


def srcset(job):
    import pyvips  # in the worker, after fork

    path, out = job
    base = os.path.splitext(out)[0]
    big = pyvips.Image.thumbnail(path, LARGEST).copy_memory()
    big.jpegsave(f"{base}_{LARGEST}.jpg", Q=85, subsample_mode="on", strip=True)
    for size in SMALLER:
        big.thumbnail_image(size).jpegsave(f"{base}_{size}.jpg", Q=85, subsample_mode="on", strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(srcset)


if __name__ == "__main__":
    main()
