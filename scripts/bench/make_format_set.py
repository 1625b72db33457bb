"""The per-format decode set: a few corpus photos written once in every input format.

Every 10th file of the benchmark corpus (sorted by name: 25 photos, 20 JPEG and 5 PNG, 0.5
to 24 megapixels), scaled down with LANCZOS to at most MAX_SIDE on the longer side (3024
by default: a 12-megapixel phone photo), then saved by Pillow 13.0.0 (and pillow-heif 1.8.1
for HEIC) at the settings a real file of each kind would have:

  jpeg      quality 90, 4:2:0
  png       Pillow's defaults (zlib level 6, adaptive filters)
  webp      lossy, quality 80 (Pillow's default), method 4
  tiff-lzw  LZW, no predictor, strips (Pillow's libtiff writer)
  tiff-jpeg JPEG-in-TIFF, quality 90
  gif       quantize(256): median cut with Floyd-Steinberg dithering (Pillow's defaults)
  bmp       24-bit, uncompressed
  avif      quality 75, speed 6, 4:2:0 (Pillow 13's own AVIF writer and its defaults)
  heic      quality 75 (pillow-heif's x265 encoder)

No metadata or ICC profile is written. The same photos in every format, so that the rows
differ by format only. Files go to OUT/<format>/<stem>.<ext>; OUT/manifest.json records the
settings, the versions and each file's size.

Run it with a Python that has Pillow 13.0.0 and pillow-heif 1.8.1 (scripts/bench-formats.sh
does). Usage: make_format_set.py CORPUS OUT [--every K] [--max-side S] [--jobs N]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from multiprocessing import Pool

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import corpus_files  # noqa: E402

# format name -> (extension, Pillow save arguments)
FORMATS = {
    "jpeg": (".jpg", {"format": "JPEG", "quality": 90, "subsampling": 2}),
    "png": (".png", {"format": "PNG"}),
    "webp": (".webp", {"format": "WEBP", "quality": 80, "method": 4}),
    "tiff-lzw": (".tif", {"format": "TIFF", "compression": "tiff_lzw"}),
    "tiff-jpeg": (".tif", {"format": "TIFF", "compression": "jpeg", "quality": 90}),
    "gif": (".gif", {"format": "GIF"}),
    "bmp": (".bmp", {"format": "BMP"}),
    "avif": (".avif", {"format": "AVIF", "quality": 75, "speed": 6, "subsampling": "4:2:0"}),
    "heic": (".heic", {"format": "HEIF", "quality": 75}),
}

MAX_SIDE = 3024


def source_image(path: str, max_side: int):
    from PIL import Image

    image = Image.open(path)
    image = image.convert("RGB")
    longer = max(image.size)
    if longer > max_side:
        scale = max_side / longer
        size = (max(1, round(image.width * scale)), max(1, round(image.height * scale)))
        image = image.resize(size, Image.LANCZOS)
    return image


def write_all(job):
    """Every format of one source photo."""
    path, out, max_side = job
    import pillow_heif

    pillow_heif.register_heif_opener()
    image = source_image(path, max_side)
    stem = os.path.splitext(os.path.basename(path))[0]
    sizes = {}
    for name, (ext, options) in FORMATS.items():
        target = os.path.join(out, name, stem + ext)
        picture = image.quantize(256) if name == "gif" else image
        picture.save(target, **options)
        sizes[name] = os.path.getsize(target)
    return stem, image.size, sizes


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("corpus")
    p.add_argument("out")
    p.add_argument("--every", type=int, default=10, help="every K-th corpus file by name [10]")
    p.add_argument("--max-side", type=int, default=MAX_SIDE, help=f"longer side at most [{MAX_SIDE}]")
    p.add_argument("--jobs", type=int, default=2)
    args = p.parse_args()

    import PIL
    import pillow_heif

    if PIL.__version__ != "13.0.0" or pillow_heif.__version__ != "1.8.1":
        print(f"warning: Pillow {PIL.__version__}, pillow-heif {pillow_heif.__version__}; the set "
              "is defined with Pillow 13.0.0 and pillow-heif 1.8.1", file=sys.stderr)
    sources = corpus_files(args.corpus)[::args.every]
    for name in FORMATS:
        os.makedirs(os.path.join(args.out, name), exist_ok=True)
    with Pool(args.jobs) as pool:
        done = pool.map(write_all, [(s, args.out, args.max_side) for s in sources], chunksize=1)
    manifest = {
        "corpus": os.path.abspath(args.corpus), "every": args.every, "max_side": args.max_side,
        "pillow": PIL.__version__, "pillow_heif": pillow_heif.__version__,
        "libheif": pillow_heif.libheif_version(),
        "settings": {name: options for name, (_, options) in FORMATS.items()},
        "files": {stem: {"size": list(size), "bytes": sizes} for stem, size, sizes in done},
    }
    with open(os.path.join(args.out, "manifest.json"), "w") as f:
        json.dump(manifest, f, indent=1)
    for name in FORMATS:
        total = sum(sizes[name] for _, _, sizes in done)
        print(f"{name}: {len(done)} files, {total / 1e6:.1f} MB")


if __name__ == "__main__":
    main()
