"""Anchor for PNG output: Pillow (or Pillow-SIMD, from its own venv) with JPEG draft, pool of 2.

The thumbnail job of anchor_pillow.py (draft for JPEG, ImageOps.fit 512x512 LANCZOS),
written as PNG with Pillow's defaults: `save(out, "PNG")`, zlib compress_level 6 and
Pillow's adaptive row filter.

Usage: anchor_pillow_png.py INDIR OUTDIR [JOBS]
"""

import math
import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512


def thumbnail(job):
    path, out = job
    im = Image.open(path)
    if im.format == "JPEG":
        w, h = im.size
        s = SIZE / min(w, h)
        im.draft("RGB", (math.ceil(w * s * 2), math.ceil(h * s * 2)))
    im = ImageOps.fit(im.convert("RGB"), (SIZE, SIZE), Image.LANCZOS)
    im.save(os.path.splitext(out)[0] + ".png", "PNG")
    return path


def main():
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
