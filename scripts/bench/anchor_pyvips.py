"""Anchor: pyvips thumbnail, pool of 2, VIPS_CONCURRENCY=1.

As /work/shared/bench/README.md states it:
  pyvips.Image.thumbnail(path, 512, height=512, crop="centre")
        .jpegsave(out, Q=90, subsample_mode="on", strip=True)
thumbnail() opens JPEGs with shrink-on-load itself. VIPS_CONCURRENCY=1 keeps each worker
on one thread, so the pool of 2 uses the 2 cores without oversubscribing them. pyvips is
imported in the workers only: libvips starts threads, and forking a process that already
has them is unsafe.

Usage: anchor_pyvips.py INDIR OUTDIR [JOBS]
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 512


def thumbnail(job):
    import pyvips  # in the worker, after fork

    path, out = job
    pyvips.Image.thumbnail(path, SIZE, height=SIZE, crop="centre").jpegsave(
        out, Q=90, subsample_mode="on", strip=True)
    return path


def main():
    os.environ.setdefault("VIPS_CONCURRENCY", "1")
    run_anchor(thumbnail)


if __name__ == "__main__":
    main()
