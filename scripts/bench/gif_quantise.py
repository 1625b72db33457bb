#!/usr/bin/env python3
"""GIF output against Pillow 13.0.0's own GIF writer on the same frames (issue 33, item 2).

Writes Tests/GPUOpsTests/Fixtures/gif-encode/manifest.json: for each set of frames (photo
stills, a graphic still, a panned photo, a photo with a moving square, a moving graphic), how
the frames are made (a crop of a sample or a fill, then filled rectangles: integer recipes the
Swift test follows exactly), and Pillow's GIF of them: its size in bytes and the mean absolute
error per RGB channel of its frames as Pillow shows them after seek(i), against the frames.

With --ours DIR (a folder where `GPUGLITCH_GIF_BENCH_OUT=DIR swift test --skip-build --filter
GIFQuantisationTests` wrote our GIFs, one `<set>.gif` each), it also records our file's
SHA-256, size and its error as Pillow 13.0.0 decodes it: the Swift test checks that its own
GIF decoder reads the same error from the same bytes, and that ours is no worse than Pillow's
and no more than 10 % larger.

Pillow: `save(buf, "GIF")` for a still (its defaults: median cut to 256 colours, no dithering,
interlaced), `save(buf, "GIF", save_all=True, append_images=..., duration=100, loop=0)` for
an animation (palette per frame, changed rectangle, unchanged pixels transparent).
"""
import argparse, hashlib, io, json, os, sys
import numpy as np
from PIL import Image, ImageSequence

assert Image.__version__ == "13.0.0", Image.__version__
ROOT = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
OUT = os.path.join(ROOT, "Tests/GPUOpsTests/Fixtures/gif-encode/manifest.json")


def graphic(w, h, i):
    """A flat-colour drawing: sky, ground, a sun and a box that move with i."""
    return {"fill": [90, 160, 230], "width": w, "height": h, "rects": [
        [0, h * 2 // 3, w, h - h * 2 // 3, 60, 140, 60],
        [10 + 7 * i, 12, 20, 20, 250, 210, 40],
        [w - 40 - 5 * i, h // 2, 30, 18, 180, 40, 40],
        [w // 2, h * 2 // 3 - 10, 12, 10, 255, 255, 255],
    ]}


SETS = [
    {"name": "still-chelsea", "frames": [{"sample": "chelsea.png", "crop": [0, 0, 451, 300], "rects": []}]},
    {"name": "still-astronaut", "frames": [{"sample": "astronaut.png", "crop": [0, 0, 512, 512], "rects": []}]},
    {"name": "still-graphic", "frames": [graphic(200, 150, 0)]},
    {"name": "anim-pan", "frames": [{"sample": "coffee.png", "crop": [100 + 8 * i, 80 + 4 * i, 160, 120], "rects": []}
                                    for i in range(8)]},
    {"name": "anim-sprite", "frames": [{"sample": "coffee.png", "crop": [200, 120, 160, 120],
                                        "rects": [[10 + 14 * i, 20 + 6 * i, 24, 24, 255, 40, 40]]} for i in range(8)]},
    {"name": "anim-graphic", "frames": [graphic(120, 90, i) for i in range(8)]},
]


def make(frame):
    if "sample" in frame:
        x, y, w, h = frame["crop"]
        im = Image.open(os.path.join(ROOT, "samples", frame["sample"])).convert("RGB").crop((x, y, x + w, y + h))
    else:
        im = Image.new("RGB", (frame["width"], frame["height"]), tuple(frame["fill"]))
    a = np.array(im)
    for x, y, w, h, r, g, b in frame["rects"]:
        a[y:y + h, x:x + w] = (r, g, b)
    return Image.fromarray(a)


def error(gif_bytes, frames):
    """Mean absolute error per RGB channel of the GIF's frames as Pillow shows them."""
    im = Image.open(io.BytesIO(gif_bytes))
    shown = [np.asarray(f.convert("RGB"), dtype=np.int64) for f in ImageSequence.Iterator(im)]
    assert len(shown) == len(frames), (len(shown), len(frames))
    total = sum(np.abs(s - np.asarray(f, dtype=np.int64)).sum() for s, f in zip(shown, frames))
    return float(total) / (len(frames) * frames[0].width * frames[0].height * 3)


def pillow_gif(frames):
    buf = io.BytesIO()
    if len(frames) == 1:
        frames[0].save(buf, "GIF")
    else:
        frames[0].save(buf, "GIF", save_all=True, append_images=frames[1:], duration=100, loop=0)
    return buf.getvalue()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ours", help="folder of our GIFs, <set>.gif")
    args = ap.parse_args()
    old = {}
    if os.path.exists(OUT):
        old = {s["name"]: s for s in json.load(open(OUT))["sets"]}
    sets = []
    for spec in SETS:
        frames = [make(f) for f in spec["frames"]]
        data = pillow_gif(frames)
        entry = dict(spec, pillow={"bytes": len(data), "meanAbsoluteError": round(error(data, frames), 6)})
        if args.ours:
            ours = open(os.path.join(args.ours, spec["name"] + ".gif"), "rb").read()
            entry["ours"] = {"sha256": hashlib.sha256(ours).hexdigest(), "bytes": len(ours),
                             "meanAbsoluteErrorInPillow": round(error(ours, frames), 6)}
        elif "ours" in old.get(spec["name"], {}):
            entry["ours"] = old[spec["name"]]["ours"]
        sets.append(entry)
        line = f'{spec["name"]:16} Pillow {entry["pillow"]["bytes"]:7} B  MAE {entry["pillow"]["meanAbsoluteError"]:.4f}'
        if "ours" in entry:
            o = entry["ours"]
            line += (f'   ours {o["bytes"]:7} B ({o["bytes"] / entry["pillow"]["bytes"]:.2f}x)'
                     f'  MAE {o["meanAbsoluteErrorInPillow"]:.4f}')
        print(line)
    json.dump({"pillow": Image.__version__, "durationMilliseconds": 100, "loop": 0, "sets": sets},
              open(OUT, "w"), indent=1)
    print("wrote", os.path.relpath(OUT, ROOT))


if __name__ == "__main__":
    sys.exit(main())
