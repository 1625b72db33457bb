"""Per-format decode benchmark driver: gpuglitch, Pillow and pyvips on each format's folder.

scripts/bench-formats.sh installs the tools, makes the set (make_format_set.py) and calls
this; docs/BENCHMARKS.md has the job, the reasons and the results.

The job, for every tool and every file of one format's folder: decode every pixel (no
shrink-on-load), contain 256, JPEG q85 4:2:0, OUT/<stem>.jpg, two workers. gpuglitch has no
decode-only mode, so the whole job is timed for all three (whole process, measure.py), and
beside it the sum of each tool's own per-image decode times: gpuglitch's report ("read" +
"decode" of every image), the anchors' timed open-and-decode (format_set.py).

Rounds alternate (round r runs every format, and in each format every tool, the tools'
order turned by one each round so no tool always runs first); medians are reported, and
the ratio gpuglitch / fastest anchor is the median of the ratios within each round (paired),
which the load of a shared machine moves much less than the times themselves.
Every run is checked: exit 0 and one 4:2:0 JPEG per input with its longer side 256.

Only the Python standard library is used.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import shutil
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from format_set import QUALITY, SIZE, set_files  # noqa: E402
from jpeg_header import read_frame  # noqa: E402
from measure import measure  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = 1024 * 1024
TOOLS = ["gpuglitch", "pillow", "pyvips"]
ANCHORS = ["pillow", "pyvips"]


def tool_argv(tool: str, args, folder: str, out: str, timings: str) -> list[str]:
    python = os.path.join(args.venv, "bin", "python")
    if tool == "gpuglitch":
        return [args.gpuglitch, "process", folder, "--output", out, "--size", str(SIZE),
                "--fit", "contain", "--format", "jpeg", "--quality", str(QUALITY), "--device", "cpu",
                "--no-glitch", "--no-shrink-on-load", "--jobs", str(args.jobs), "--quiet",
                "--report", timings]
    script = {"pillow": "anchor_pillow_decode.py", "pyvips": "anchor_pyvips_decode.py"}[tool]
    return [python, os.path.join(HERE, script), folder, out, str(args.jobs), timings]


def decode_seconds(tool: str, timings: str) -> float:
    """The sum over images of the tool's own decode time (for gpuglitch: read + decode)."""
    with open(timings) as f:
        data = json.load(f)
    if tool == "gpuglitch":
        return sum(i["timings"]["read"] + i["timings"]["decode"] for i in data["images"])
    return sum(data.values())


def check_outputs(out_dir: str, inputs: list[str]) -> str | None:
    """None if out_dir holds <stem>.jpg for every input, each 4:2:0 with its longer side SIZE."""
    names = sorted(os.listdir(out_dir)) if os.path.isdir(out_dir) else []
    wanted = sorted(os.path.splitext(os.path.basename(p))[0] + ".jpg" for p in inputs)
    if names != wanted:
        return f"{len(names)}/{len(wanted)} outputs, or not named <stem>.jpg"
    for name in names:
        frame = read_frame(os.path.join(out_dir, name))
        if frame is None:
            return f"not a JPEG: {name}"
        if max(frame.width, frame.height) != SIZE:
            return f"{frame.width}x{frame.height}, longer side not {SIZE}: {name}"
        if not frame.is_420:
            return f"sampling {frame.sampling}, not 4:2:0: {name}"
    return None


def run_once(tool: str, fmt: str, args, label: str) -> dict:
    folder = os.path.join(args.set, fmt)
    out = os.path.join(args.work, "out", f"{fmt}-{tool}")
    timings = os.path.join(args.work, "timings", f"{fmt}-{tool}.json")
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    log = os.path.join(args.work, "logs", f"{fmt}-{tool}-{label}.log")
    m = measure(tool_argv(tool, args, folder, out, timings), log_path=log, timeout=args.timeout)
    problem = f"exit {m.exit_code}" if m.exit_code != 0 else None
    if m.timed_out:
        problem = f"killed after {args.timeout:.0f} s"
    problem = problem or check_outputs(out, set_files(folder))
    shutil.rmtree(out, ignore_errors=True)
    if problem:
        return {"failure": f"{problem} (log: {log})"}
    return dict(m.__dict__, round=label, decode_s=decode_seconds(tool, timings))


def paired_ratio(runs: dict[str, list[dict]], fastest: str, key: str) -> float:
    """Median over rounds of gpuglitch's figure / the fastest anchor's in the same round."""
    by_round = {r["round"]: r[key] for r in runs[fastest]}
    ratios = [r[key] / by_round[r["round"]] for r in runs["gpuglitch"] if r["round"] in by_round]
    return statistics.median(ratios)


def format_row(fmt: str, args, runs: dict[str, list[dict]], failures: dict[str, str]) -> list[str]:
    files = set_files(os.path.join(args.set, fmt))
    mb = sum(os.path.getsize(p) for p in files) / 1e6
    ok = [t for t in TOOLS if runs[t] and t not in failures]

    def med(tool, key):
        return statistics.median(r[key] for r in runs[tool]) if tool in ok else None

    def cell(value, fmt_spec):
        return "—" if value is None else format(value, fmt_spec)

    anchors = [a for a in ANCHORS if a in ok]
    ratios = []
    for key in ("wall_s", "decode_s"):
        if "gpuglitch" in ok and anchors:
            fastest = min(anchors, key=lambda a: med(a, key))
            ratios.append(f"{paired_ratio(runs, fastest, key):.2f} ({fastest})")
        else:
            ratios.append("—")
    return [fmt, str(len(files)), f"{mb:.1f}",
            " / ".join(cell(med(t, "wall_s"), ".2f") for t in TOOLS), ratios[0],
            " / ".join(cell(None if med(t, "decode_s") is None else 1000 * med(t, "decode_s") / len(files), ".0f")
                       for t in TOOLS), ratios[1],
            " / ".join(cell(None if med(t, "peak_rss_bytes") is None else med(t, "peak_rss_bytes") / MIB, ".0f")
                       for t in TOOLS),
            " / ".join(cell(med(t, "cpu_s"), ".2f") for t in TOOLS)]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--set", required=True, help="the set made by make_format_set.py")
    p.add_argument("--formats", default="", help="comma-separated [every folder of the set]")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--warmup", type=int, default=1)
    p.add_argument("--jobs", type=int, default=2, help="workers of every tool [2]")
    p.add_argument("--timeout", type=float, default=600)
    p.add_argument("--venv", required=True, help="the venv with Pillow, pillow-heif and pyvips")
    p.add_argument("--gpuglitch", required=True)
    p.add_argument("--work", required=True)
    args = p.parse_args()
    args.set, args.work = os.path.abspath(args.set), os.path.abspath(args.work)
    for sub in ("logs", "timings", "out"):
        os.makedirs(os.path.join(args.work, sub), exist_ok=True)
    formats = [f for f in args.formats.split(",") if f] or sorted(
        d for d in os.listdir(args.set) if os.path.isdir(os.path.join(args.set, d)))

    runs = {f: {t: [] for t in TOOLS} for f in formats}
    failures: dict[str, dict[str, str]] = {f: {} for f in formats}
    started = datetime.datetime.now().astimezone()
    load_start = os.getloadavg()
    labels = [f"warmup{i + 1}" for i in range(args.warmup)] + [f"run{i + 1}" for i in range(args.runs)]
    for turn, label in enumerate(labels):
        order = TOOLS[turn % len(TOOLS):] + TOOLS[:turn % len(TOOLS)]
        for fmt in formats:
            for tool in order:
                if tool in failures[fmt]:
                    continue
                result = run_once(tool, fmt, args, label)
                if "failure" in result:
                    failures[fmt][tool] = result["failure"]
                    print(f"[{label}] {fmt} {tool}: FAILED: {result['failure']}", file=sys.stderr, flush=True)
                    continue
                print(f"[{label}] {fmt} {tool}: {result['wall_s']:.2f} s, decode {result['decode_s']:.2f} s, "
                      f"RSS {result['peak_rss_bytes'] / MIB:.0f} MiB, CPU {result['cpu_s']:.2f} s",
                      file=sys.stderr, flush=True)
                if label.startswith("run"):
                    runs[fmt][tool].append(result)
    load_end = os.getloadavg()

    head = ["format", "images", "MB", "whole job, median s: gpuglitch / Pillow / pyvips",
            "gpuglitch ÷ fastest anchor, job (paired)", "decode ms/image: gpuglitch / Pillow / pyvips",
            "gpuglitch ÷ fastest anchor, decode (paired)", "peak RSS MiB: gpuglitch / Pillow / pyvips",
            "CPU s: gpuglitch / Pillow / pyvips"]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for fmt in formats:
        lines.append("| " + " | ".join(format_row(fmt, args, runs[fmt], failures[fmt])) + " |")
    notes = [f"{fmt} {tool}: FAILED: {why}" for fmt in formats for tool, why in failures[fmt].items()]
    md = [f"Date: {started:%Y-%m-%d %H:%M %Z}. {os.cpu_count()} cores. Load average (1 min) "
          f"{load_start[0]:.2f} at the start, {load_end[0]:.2f} at the end. Medians of {args.runs} "
          f"alternating rounds after {args.warmup} warm-up round(s); {args.jobs} workers each.",
          "", *lines, "", *notes]
    text = "\n".join(md)
    print(text)
    with open(os.path.join(args.work, "table.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(args.work, "results.json"), "w") as f:
        json.dump({"date": started.isoformat(), "load": [load_start, load_end], "runs": runs,
                   "failures": failures}, f, indent=1)


if __name__ == "__main__":
    main()
