"""Anchor for WebP output: pyvips thumbnail, pool of 2, VIPS_CONCURRENCY=1, then webpsave.

  pyvips.Image.thumbnail(path, 512, height=512, crop="centre").webpsave(out, Q=90, strip=True)

against `gpuglitch process --no-glitch --format webp --quality 90`. Both use libwebp's
defaults otherwise (method 4, lossy).

Usage: anchor_pyvips_webp.py INDIR OUTDIR [JOBS]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512


def thumbnail(job):
    import pyvips  # in the worker, after fork

    path, out = job
    pyvips.Image.thumbnail(path, SIZE, height=SIZE, crop="centre").webpsave(
        os.path.splitext(out)[0] + ".webp", Q=90, strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
