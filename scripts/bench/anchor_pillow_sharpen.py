"""Anchor for the sharpen job: Pillow (or Pillow-SIMD, from its own venv), pool of 2.

The thumbnail job of anchor_pillow.py (draft, fit 512x512 LANCZOS), then the sharpen of
`gpuglitch process --no-glitch --effect sharpen` with its defaults, as Pillow spells it
(docs/SPEC.md §5.3):
  sharpen  im.filter(ImageFilter.UnsharpMask(2, 150, 3))
then JPEG q90 4:2:0. With Pillow 13.0.0 the pixels equal gpuglitch's before encoding.

Usage: anchor_pillow_sharpen.py INDIR OUTDIR [JOBS]
"""

import math
import os
import sys

from PIL import Image, ImageFilter, ImageOps

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
    im = im.filter(ImageFilter.UnsharpMask(2, 150, 3))
    im.save(out, "JPEG", quality=90, subsampling="4:2:0")
    return path


def main():
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
