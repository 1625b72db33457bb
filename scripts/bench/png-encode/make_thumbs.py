"""512x512 thumbnails of every corpus image (Pillow 13: ImageOps.fit, LANCZOS, no draft), each
written as raw RGBA (NAME_512x512.raw, for the harness) and as Pillow's PNG (save(format="PNG"):
compress_level 6, Pillow's filter choice), timed (thread CPU, median of 5); pillow.csv lists
Pillow's bytes and times. Usage: make_thumbs.py CORPUS OUTDIR
"""
import os, sys, time, math, statistics
from PIL import Image, ImageOps
src, out = sys.argv[1], sys.argv[2]
rows = []
for n in sorted(os.listdir(src)):
    im = Image.open(os.path.join(src, n))
    im = ImageOps.fit(im.convert("RGB"), (512, 512), Image.LANCZOS)
    stem = os.path.splitext(n)[0].replace("_", "-")
    rgba = im.convert("RGBA").tobytes()
    open(os.path.join(out, f"{stem}_512x512.raw"), "wb").write(rgba)
    times = []
    for _ in range(5):
        t = time.thread_time(); p = os.path.join(out, f"{stem}.png"); im.save(p, format="PNG"); times.append(time.thread_time() - t)
    rows.append((n, os.path.getsize(p), statistics.median(times) * 1000))
with open(os.path.join(out, "pillow.csv"), "w") as f:
    f.write("file,bytes,median_ms\n")
    for r in rows: f.write("%s,%d,%.3f\n" % r)
print(len(rows), sum(r[1] for r in rows), statistics.median(r[2] for r in rows))
