"""The animated job's corpus: 50 animated GIFs made from the photo corpus, reproducibly.

Each GIF is a slow pan across one photo (a crop window moving in a straight line from one
corner region to another), 20 to 100 frames, 320 to 480 px a side, one frame time of 40, 60,
80 or 100 ms, looping forever. Everything comes from one seeded random.Random, so the same
seed and the same photo corpus give the same files (Pillow 13.0.0 writes them). One palette
a GIF: median cut of the first frame (256 colours), every frame mapped to it without
dithering; quantising each frame on its own takes Pillow about 0.3 s a frame, 15 minutes for
the corpus. A pan rather than a still repeated: every frame differs, so no encoder can merge
frames and every tool does the work of every frame.

OUT/manifest.json lists each file's frames, size and frame time (the driver checks each
output's frame count against it and reports frames/s from it).

Usage: make_animated_corpus.py [--photos DIR] [--out DIR] [--count N] [--seed S]
  defaults: /tmp/gpuglitch-corpus (scripts/bench/make_corpus.sh builds it),
            /tmp/gpuglitch-animated-corpus, 50, 33
"""

import argparse
import json
import os
import random
import sys

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import corpus_files  # noqa: E402

FRAME_TIMES = (40, 60, 80, 100)


def pan(photo: Image.Image, rng: random.Random, width: int, height: int, frames: int) -> list[Image.Image]:
    """`frames` crops of `photo` (scaled so the window is about half its shorter side), the
    window moving in a straight line from a random start to a random end."""
    scale = 2 * max(width, height) / min(photo.size)
    scaled = photo.resize((max(width, round(photo.width * scale)), max(height, round(photo.height * scale))),
                          Image.LANCZOS)
    x0, y0 = rng.randint(0, scaled.width - width), rng.randint(0, scaled.height - height)
    # At least a pixel a frame, so that no two frames are equal (an encoder would merge them).
    while True:
        x1, y1 = rng.randint(0, scaled.width - width), rng.randint(0, scaled.height - height)
        if max(abs(x1 - x0), abs(y1 - y0)) >= frames:
            break
    out = []
    for i in range(frames):
        t = i / (frames - 1)
        x, y = round(x0 + (x1 - x0) * t), round(y0 + (y1 - y0) * t)
        out.append(scaled.crop((x, y, x + width, y + height)))
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--photos", default="/tmp/gpuglitch-corpus")
    p.add_argument("--out", default="/tmp/gpuglitch-animated-corpus")
    p.add_argument("--count", type=int, default=50)
    p.add_argument("--seed", type=int, default=33)
    args = p.parse_args()
    photos = corpus_files(args.photos)
    if not photos:
        sys.exit(f"no photos in {args.photos}: run scripts/bench/make_corpus.sh first")
    os.makedirs(args.out, exist_ok=True)
    rng = random.Random(args.seed)
    manifest = {}
    for n in range(args.count):
        source = rng.choice(photos)
        width, height = rng.randint(320, 480), rng.randint(320, 480)
        frames, frame_time = rng.randint(20, 100), rng.choice(FRAME_TIMES)
        with Image.open(source) as im:
            im.draft("RGB", (im.width // 4, im.height // 4))
            photo = im.convert("RGB")
        clips = pan(photo, rng, width, height, frames)
        palette = clips[0].quantize(256, method=Image.Quantize.MEDIANCUT)
        clips = [c.quantize(palette=palette, dither=Image.Dither.NONE) for c in clips]
        name = f"a{n:03d}.gif"
        clips[0].save(os.path.join(args.out, name), save_all=True, append_images=clips[1:],
                      duration=frame_time, loop=0)
        with Image.open(os.path.join(args.out, name)) as written:
            if written.n_frames != frames:
                sys.exit(f"{name}: Pillow wrote {written.n_frames} frames, not {frames}")
        manifest[name] = {"frames": frames, "width": width, "height": height, "frame_ms": frame_time,
                          "photo": os.path.basename(source)}
        print(f"{name}: {frames} frames {width}x{height} from {os.path.basename(source)}", flush=True)
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1, sort_keys=True)


if __name__ == "__main__":
    main()
