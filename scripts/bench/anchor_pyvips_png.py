"""Anchor for PNG output: pyvips thumbnail, pool of 2, VIPS_CONCURRENCY=1, then pngsave.

  pyvips.Image.thumbnail(path, 512, height=512, crop="centre").pngsave(out, strip=True)

against `gpuglitch process --no-glitch --format png`. pngsave's defaults otherwise
(zlib compression 6; libvips chooses its own row filter).

Usage: anchor_pyvips_png.py INDIR OUTDIR [JOBS]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512


def thumbnail(job):
    import pyvips  # in the worker, after fork

    path, out = job
    pyvips.Image.thumbnail(path, SIZE, height=SIZE, crop="centre").pngsave(
        os.path.splitext(out)[0] + ".png", strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
