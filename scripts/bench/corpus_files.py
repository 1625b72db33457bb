"""The input list and the pool every Python anchor uses.

Kept in one place so that all anchors see the same files in the same order (the order
matters for a pool: the 40 large JPEGs come first in the recipe's naming) and run them the
same way.
"""

import os
import sys
from multiprocessing import Pool

EXTENSIONS = (".jpg", ".jpeg", ".png")


def corpus_files(folder: str) -> list[str]:
    """Every .jpg/.jpeg/.png directly in folder (any case), sorted by name."""
    return sorted(os.path.join(folder, n) for n in os.listdir(folder)
                  if n.lower().endswith(EXTENSIONS))


def output_path(out_dir: str, path: str, extension: str = ".jpg") -> str:
    """OUT/<stem><extension>: the corpus has no two files with one stem."""
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + extension)


def run_anchor(thumbnail, initializer=None, inputs=corpus_files, extension=".jpg"):
    """The anchors' command line, INDIR OUTDIR [JOBS]: thumbnail((path, out)) for every file
    `inputs` lists in INDIR (the corpus by default) over a multiprocessing pool of JOBS workers
    (default 2), `out` being OUTDIR/<stem><extension>."""
    in_dir, out_dir = sys.argv[1], sys.argv[2]
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    work = [(p, output_path(out_dir, p, extension)) for p in inputs(in_dir)]
    with Pool(jobs, initializer=initializer) as pool:
        for _ in pool.imap_unordered(thumbnail, work):
            pass
