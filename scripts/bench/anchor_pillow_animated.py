"""Anchor for the animated job: Pillow 13, every frame, pool of 2.

The job (issue 33): each animated GIF of the animated corpus (make_animated_corpus.py) to a
256x256 animated WebP, every frame, as gpuglitch's defaults do it (--size 256: cover, centre
crop, Lanczos; --format webp: lossy, quality 90, method 4; durations and loop kept):
  im = Image.open(path)
  for i in range(im.n_frames): im.seek(i); ImageOps.fit(im.convert("RGBA"), (256, 256), LANCZOS)
  frames[0].save(OUT/<stem>.webp, save_all=True, append_images=frames[1:], duration=[...],
                 loop=im.info["loop"], lossless=False, quality=90, method=4)
in multiprocessing.Pool(2). The scaled frames are held until the save (Pillow's WebP writer
takes them as one list), 256x256x4 bytes each; the decoded frames are not.

Usage: anchor_pillow_animated.py INDIR OUTDIR [JOBS]
"""

import os
import sys

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402

SIZE = 256


def animated_inputs(folder: str) -> list[str]:
    """Every .gif directly in folder, sorted by name."""
    return sorted(os.path.join(folder, n) for n in os.listdir(folder) if n.lower().endswith(".gif"))


def thumbnail(job):
    path, out = job
    frames, durations = [], []
    with Image.open(path) as im:
        loop = im.info.get("loop", 0)
        for i in range(im.n_frames):
            im.seek(i)
            durations.append(im.info.get("duration", 100))
            frames.append(ImageOps.fit(im.convert("RGBA"), (SIZE, SIZE), Image.LANCZOS))
    frames[0].save(out, "WEBP", save_all=True, append_images=frames[1:], duration=durations, loop=loop,
                   lossless=False, quality=90, method=4)
    return path


def main():
    run_anchor(thumbnail, inputs=animated_inputs, extension=".webp")


if __name__ == "__main__":
    main()
