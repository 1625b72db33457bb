# Makes the restart-interval JPEG fixtures (README.md beside this file): python3 make.py
from PIL import Image
import os
here = os.path.dirname(os.path.abspath(__file__))
source = Image.open(os.path.join(here, "../../../../samples/chelsea.png")).convert("RGB")
cases = [
    # name, size, subsampling (Pillow: 0 = 4:4:4, 1 = 4:2:2, 2 = 4:2:0), mode, save options
    ("444-rb1", (37, 23), 0, "RGB", {"restart_marker_blocks": 1}),
    ("422-rb3", (45, 29), 1, "RGB", {"restart_marker_blocks": 3}),
    ("420-rb7", (67, 41), 2, "RGB", {"restart_marker_blocks": 7}),
    ("420-rr1", (101, 77), 2, "RGB", {"restart_marker_rows": 1}),
    ("420-rr2-q95", (130, 97), 2, "RGB", {"restart_marker_rows": 2, "quality": 95}),
    ("gray-rb5", (53, 31), None, "L", {"restart_marker_blocks": 5}),
    ("gray-none", (19, 13), None, "L", {}),
    ("444-none", (33, 17), 0, "RGB", {}),
    ("422-none-q100", (23, 35), 1, "RGB", {"quality": 100}),
    ("420-rb9-optimize", (88, 60), 2, "RGB", {"restart_marker_blocks": 9, "optimize": True}),
]
for name, size, subsampling, mode, options in cases:
    image = source.resize(size, Image.LANCZOS).convert(mode)
    if subsampling is not None:
        options = dict(options, subsampling=subsampling)
    image.save(os.path.join(here, name + ".jpg"), quality=options.pop("quality", 85), **options)
