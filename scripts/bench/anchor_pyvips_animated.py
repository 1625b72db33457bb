"""Anchor for the animated job: pyvips, every frame, pool of 2, VIPS_CONCURRENCY=1.

The job: each animated GIF to a 256x256 animated WebP, every frame, cover and centre crop,
lossy Q 90 (see anchor_pillow_animated.py). libvips loads every page with n=-1 as one tall
image (pages stacked, "page-height" the frame height):
  thumb = pyvips.Image.thumbnail(path + "[n=-1]", w, height=h)    # shorter side 256
  each page cropped to its centre 256x256, joined again (arrayjoin, across=1),
  page-height 256, then webpsave(OUT/<stem>.webp, Q=90, strip=True)
thumbnail(..., crop="centre") itself cannot be used: libvips 8.14 crops the stacked pages as
one image and writes a single wrong-sized frame (libvips #2668). Durations ("delay") and the
loop count travel with the image.

Usage: anchor_pyvips_animated.py INDIR OUTDIR [JOBS]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from anchor_pillow_animated import SIZE, animated_inputs  # noqa: E402
from corpus_files import run_anchor  # noqa: E402

BIG = 100_000  # "no limit" on the longer side: the shorter side decides the scale


def thumbnail(job):
    import pyvips  # in the worker, after fork

    path, out = job
    header = pyvips.Image.new_from_file(path, access="sequential")
    page = header.get("page-height") if header.get_typeof("page-height") else header.height
    w, h = (BIG, SIZE) if header.width >= page else (SIZE, BIG)
    thumb = pyvips.Image.thumbnail(path + "[n=-1]", w, height=h)
    ph = thumb.get("page-height") if thumb.get_typeof("page-height") else thumb.height
    left, top = (thumb.width - SIZE) // 2, (ph - SIZE) // 2
    pages = [thumb.crop(left, i * ph + top, SIZE, SIZE) for i in range(thumb.height // ph)]
    joined = pyvips.Image.arrayjoin(pages, across=1).copy()
    joined.set_type(pyvips.GValue.gint_type, "page-height", SIZE)
    joined.webpsave(out, Q=90, strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(thumbnail, inputs=animated_inputs, extension=".webp")


if __name__ == "__main__":
    main()
