"""Anchor: pyvips thumbnail, pool of 2, VIPS_CONCURRENCY=1.

As /work/shared/bench/README.md states it:
  pyvips.Image.thumbnail(path, 512, height=512, crop="centre")
        .jpegsave(out, Q=90, subsample_mode="on", strip=True)
thumbnail() opens JPEGs with shrink-on-load itself. VIPS_CONCURRENCY=1 keeps each worker
on one thread, so the pool of 2 uses the 2 cores without oversubscribing them. pyvips is
imported in the workers only: libvips starts threads, and forking a process that already
has them is unsafe.

With CROP attention (a 5th argument), the attention-crop job: `crop="attention"`, libvips'
attention smartcrop, in place of the centre.

With FORMAT png or webp, the PNG and WebP output jobs: the same thumbnails written with
`pngsave(out, strip=True)` (pngsave's defaults otherwise: zlib 6, libvips' own row filter) or
`webpsave(out, Q=90, strip=True)` (libwebp's defaults otherwise: method 4, lossy).

With FORMAT avif, the AVIF output job: `heifsave(out, Q=60, compression="av1", strip=True)`
(libheif's libaom plugin with its defaults otherwise).

Usage: anchor_pyvips.py INDIR OUTDIR [JOBS [FORMAT [CROP]]]   (FORMAT: jpeg, the default, png, webp or avif;
       CROP: centre, the default, or attention)
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512
# Read before the pool forks, so the workers see it too.
FORMAT = sys.argv[4] if len(sys.argv) > 4 else "jpeg"
CROP = sys.argv[5] if len(sys.argv) > 5 else "centre"


def thumbnail(job):
    import pyvips  # in the worker, after fork

    path, out = job
    image = pyvips.Image.thumbnail(path, SIZE, height=SIZE, crop=CROP)
    stem = os.path.splitext(out)[0]
    if FORMAT == "png":
        image.pngsave(stem + ".png", strip=True)
    elif FORMAT == "webp":
        image.webpsave(stem + ".webp", Q=90, strip=True)
    elif FORMAT == "avif":
        image.heifsave(stem + ".avif", Q=60, compression="av1", strip=True)
    else:
        image.jpegsave(out, Q=90, subsample_mode="on", strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
