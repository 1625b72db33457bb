"""Totals of the harness CSV against Pillow's (pillow.csv): bytes, median ms per image.
Usage: analyse.py THUMBS/pillow.csv HARNESS.csv"""
import collections
import csv
import statistics
import sys

pillow = {r["file"].rsplit(".", 1)[0].replace("_", "-"): r for r in csv.DictReader(open(sys.argv[1]))}
rows = list(csv.DictReader(open(sys.argv[2])))
groups = collections.defaultdict(list)
for r in rows:
    groups[(r["part"], int(r["level"]))].append(r)
files = {r["file"].rsplit("_", 1)[0] for r in rows}
pillow_bytes = sum(int(pillow[f]["bytes"]) for f in files)
pillow_ms = statistics.median(float(pillow[f]["median_ms"]) for f in files)
print(f"{len(files)} images; Pillow level 6: {pillow_bytes:,} bytes, median {pillow_ms:.1f} ms")
for (part, level), rs in sorted(groups.items()):
    ms = statistics.median(float(r["median_ms"]) for r in rs)
    if part == "filter":
        print(f"level {level:2}: filter choice alone, median {ms:.2f} ms")
        continue
    total = sum(int(r["bytes"]) for r in rs)
    print(f"level {level:2}: {total:,} bytes ({total / pillow_bytes:.4f}x Pillow's), median {ms:.2f} ms")
