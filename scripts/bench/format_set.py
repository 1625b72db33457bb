"""The per-format decode job's inputs, pool and per-image decode times, shared by its anchors.

Every file directly in one format folder of the set (make_format_set.py), sorted by name,
each made into OUT/<stem>.jpg by a pool of JOBS workers. Each worker returns the seconds its
decode took (wall clock, in the worker), and the parent writes them to TIMINGS as JSON
({"path": seconds}), to set beside gpuglitch's per-image "decode" timings in its report.
"""

import json
import os
import sys
from multiprocessing import Pool

EXTENSIONS = (".jpg", ".png", ".webp", ".tif", ".gif", ".bmp", ".avif", ".heic")
SIZE = 256  # contain: the longer side
QUALITY = 85


def set_files(folder: str) -> list[str]:
    """Every file of the set's extensions directly in folder, sorted by name."""
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.lower().endswith(EXTENSIONS))


def output_path(out_dir: str, path: str) -> str:
    return os.path.join(out_dir, os.path.splitext(os.path.basename(path))[0] + ".jpg")


def run_decode_anchor(work, initializer=None) -> None:
    """Command line INDIR OUTDIR JOBS TIMINGS: work((path, out)) -> decode seconds, for every
    file over a pool of JOBS workers; the seconds to TIMINGS."""
    in_dir, out_dir, jobs, timings_path = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
    todo = [(p, output_path(out_dir, p)) for p in set_files(in_dir)]
    timings = {}
    with Pool(jobs, initializer=initializer) as pool:
        for path, seconds in pool.imap_unordered(work, todo):
            timings[path] = seconds
    with open(timings_path, "w") as f:
        json.dump(timings, f)
