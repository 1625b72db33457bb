"""Anchor for the effects job: Pillow (or Pillow-SIMD, from its own venv), pool of 2.

The thumbnail job of anchor_pillow.py (draft, fit 512x512 LANCZOS), then the effects of
`gpuglitch process --no-glitch --effect sepia --effect tilt-shift` with their defaults,
written as Pillow spells them (docs/SPEC.md §5):
  sepia       ImageOps.colorize(ImageOps.grayscale(im), "#1f1209", "#f5e6c8", "#8c6239")
  tilt-shift  Image.composite(im.filter(GaussianBlur(6)), im, mask), the row mask made once
then JPEG q90 4:2:0. With Pillow 13.0.0 the pixels equal gpuglitch's before encoding.

Usage: anchor_pillow_effects.py INDIR OUTDIR [JOBS]
"""

import math
import os
import sys

from PIL import Image, ImageFilter, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512


def tilt_mask(size, centre=0.5, band=0.3, fade=0.2):
    h = float(size)
    rows = []
    for y in range(size):
        d = abs(y + 0.5 - centre * h)
        b, f = band * h / 2, fade * h
        rows.append((0 if d <= b else 255) if f == 0 else min(255, max(0, int(255 * (d - b) / f))))
    return Image.frombytes("L", (1, size), bytes(rows)).resize((size, size), Image.NEAREST)


MASK = tilt_mask(SIZE)


def thumbnail(job):
    path, out = job
    im = Image.open(path)
    if im.format == "JPEG":
        w, h = im.size
        s = SIZE / min(w, h)
        im.draft("RGB", (math.ceil(w * s * 2), math.ceil(h * s * 2)))
    im = ImageOps.fit(im.convert("RGB"), (SIZE, SIZE), Image.LANCZOS)
    im = ImageOps.colorize(ImageOps.grayscale(im), "#1f1209", "#f5e6c8", "#8c6239")
    im = Image.composite(im.filter(ImageFilter.GaussianBlur(6)), im, MASK)
    im.save(out, "JPEG", quality=90, subsampling="4:2:0")
    return path


def main():
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
