"""Anchor: Pillow (or Pillow-SIMD, run from its own venv) with JPEG draft, pool of 2.

The job: shorter side 512, centre crop 512x512, JPEG q90 4:2:0, exactly as
/work/shared/bench/README.md states it:
  im.draft("RGB", (ceil(W*s*2), ceil(H*s*2))) for JPEG, s = 512/min(W,H)
  ImageOps.fit(im.convert("RGB"), (512, 512), Image.LANCZOS)
  save quality=90, subsampling 4:2:0, in multiprocessing.Pool(2)

draft() lets libjpeg decode at 1/2, 1/4 or 1/8 scale while keeping at least 2x the target,
so the LANCZOS resample still has real pixels to work with.

With FORMAT png, the PNG output job: the same thumbnails written with Pillow's PNG defaults,
`save(out, "PNG")` (zlib compress_level 6, Pillow's adaptive row filter).

With FORMAT avif, the AVIF output job: `save(out, "AVIF", quality=60)` (Pillow's defaults
otherwise: speed 6, 4:2:0, max_threads the CPU count).

Usage: anchor_pillow.py INDIR OUTDIR [JOBS [FORMAT]]   (FORMAT: jpeg, the default, png or avif)
"""

import math
import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512
# Read before the pool forks, so the workers see it too.
FORMAT = sys.argv[4] if len(sys.argv) > 4 else "jpeg"


def thumbnail(job):
    path, out = job
    im = Image.open(path)
    if im.format == "JPEG":
        w, h = im.size
        s = SIZE / min(w, h)
        im.draft("RGB", (math.ceil(w * s * 2), math.ceil(h * s * 2)))
    im = ImageOps.fit(im.convert("RGB"), (SIZE, SIZE), Image.LANCZOS)
    if FORMAT == "png":
        im.save(os.path.splitext(out)[0] + ".png", "PNG")
    elif FORMAT == "avif":
        im.save(os.path.splitext(out)[0] + ".avif", "AVIF", quality=60)
    else:
        im.save(out, "JPEG", quality=90, subsampling="4:2:0")
    return path


def main():
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
