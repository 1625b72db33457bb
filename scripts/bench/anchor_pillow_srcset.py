"""Anchor for the srcset job: Pillow (or Pillow-SIMD, run from its own venv), each photo
opened once, three contain sizes, pool of 2.

The job (issue 23): longer side 1024, 512 and 256 (contain), JPEG q85 4:2:0, written as
OUT/<stem>_<size>.jpg, gpuglitch's default names for several sizes:
  im.draft("RGB", (ceil(2*w), ceil(2*h))) for JPEG, (w, h) the contain size of the largest
      entry, s = 1024/max(W,H), w = W*s, h = H*s
  for each size: ImageOps.contain(im.convert("RGB"), (size, size), Image.LANCZOS)
      saved quality=85, subsampling 4:2:0, in multiprocessing.Pool(2)

One draft for the largest size serves all three, as gpuglitch's one decode does; each size is
resized from that decoded image (not from the previous size), LANCZOS as in anchor_pillow.py.

Usage: anchor_pillow_srcset.py INDIR OUTDIR [JOBS]
"""

import math
import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZES = (1024, 512, 256)


def srcset(job):
    path, out = job
    base = os.path.splitext(out)[0]
    im = Image.open(path)
    if im.format == "JPEG":
        w, h = im.size
        s = max(SIZES) / max(w, h)
        im.draft("RGB", (math.ceil(w * s * 2), math.ceil(h * s * 2)))
    im = im.convert("RGB")
    for size in SIZES:
        ImageOps.contain(im, (size, size), Image.LANCZOS).save(
            f"{base}_{size}.jpg", "JPEG", quality=85, subsampling="4:2:0")
    return path


def main():
    run_anchor(srcset)


if __name__ == "__main__":
    main()
