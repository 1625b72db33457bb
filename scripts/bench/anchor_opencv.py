"""Anchor: OpenCV (opencv-python-headless), pool of 2.

As /work/shared/bench/README.md states it: cv2.imread with IMREAD_REDUCED_COLOR_{2,4,8}
keeping >= 2x (the decoded shorter side stays >= 1024, like Pillow's draft), INTER_AREA
resize to shorter side 512, centre slice, imwrite q90 4:2:0.

The reduction is picked from the JPEG frame header (read without decoding). PNGs are read
at full size: OpenCV's reduced modes decode a PNG fully and then resize, which only adds work.
cv2.setNumThreads(1) in each worker plays the part VIPS_CONCURRENCY=1 plays for libvips:
two single-threaded workers for two cores.

Usage: anchor_opencv.py INDIR OUTDIR [JOBS]
"""

import os
import sys

import cv2

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import run_anchor  # noqa: E402
from jpeg_header import read_frame  # noqa: E402

SIZE = 512
REDUCED = {8: cv2.IMREAD_REDUCED_COLOR_8, 4: cv2.IMREAD_REDUCED_COLOR_4,
           2: cv2.IMREAD_REDUCED_COLOR_2}
WRITE_PARAMS = [cv2.IMWRITE_JPEG_QUALITY, 90]
if hasattr(cv2, "IMWRITE_JPEG_SAMPLING_FACTOR"):
    WRITE_PARAMS += [cv2.IMWRITE_JPEG_SAMPLING_FACTOR, cv2.IMWRITE_JPEG_SAMPLING_FACTOR_420]


def read_mode(path):
    frame = read_frame(path)
    if frame is None:
        return cv2.IMREAD_COLOR
    shorter = min(frame.width, frame.height)
    for factor in (8, 4, 2):
        if shorter // factor >= 2 * SIZE:
            return REDUCED[factor]
    return cv2.IMREAD_COLOR


def thumbnail(job):
    path, out = job
    img = cv2.imread(path, read_mode(path))
    if img is None:
        raise RuntimeError(f"cv2.imread failed: {path}")
    h, w = img.shape[:2]
    s = SIZE / min(w, h)
    nw, nh = (SIZE, max(SIZE, round(h * s))) if w <= h else (max(SIZE, round(w * s)), SIZE)
    img = cv2.resize(img, (nw, nh), interpolation=cv2.INTER_AREA)
    x, y = (nw - SIZE) // 2, (nh - SIZE) // 2
    if not cv2.imwrite(out, img[y:y + SIZE, x:x + SIZE], WRITE_PARAMS):
        raise RuntimeError(f"cv2.imwrite failed: {out}")
    return path


def init_worker():
    cv2.setNumThreads(1)


def main():
    run_anchor(thumbnail, initializer=init_worker)


if __name__ == "__main__":
    main()
