"""Benchmark driver: alternating rounds of every tool on one corpus, then a Markdown table.

scripts/bench-anchors.sh installs the tools and calls this; see scripts/bench/README.md.

Why alternating rounds (round 1: every tool once, round 2: every tool again, ...): the
machine is shared, and load from others comes and goes over minutes. Running all runs of
tool A, then all of tool B, would hand one tool a quiet minute and the other a busy one.
Alternating spreads the noise over every tool alike, and the medians and the ratios to the
best anchor taken within one invocation are what is comparable.

Every run is checked, not only timed: exit status 0 and one 512x512 4:2:0 JPEG per input
(for the srcset job three, contain 1024, 512 and 256; for the animated job one 256x256
animated WebP per GIF of the animated corpus, with every frame).
A tool that fails is reported as failed in the table (with its log) and dropped from the
later rounds; the script itself goes on.

Only the Python standard library is used.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
from dataclasses import dataclass, field

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from corpus_files import EXTENSIONS  # noqa: E402
from jpeg_header import read_frame  # noqa: E402
from measure import measure  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MIB = 1024 * 1024

ANCHORS = ["pillow-simd", "pillow", "pyvips", "vipsthumbnail", "opencv"]
GPUGLITCH = ["gpuglitch-cpu", "gpuglitch-cpu-glitch", "gpuglitch-opencl", "gpuglitch-opencl-glitch"]
# The effects job (sepia then tilt-shift after the thumbnail, no glitch) has its own anchors:
# its rows' ratios are to the best of them, the other rows' to the best thumbnail anchor.
EFFECT_ANCHORS = ["pillow-simd-effects", "pillow-effects"]
EFFECT_GPUGLITCH = ["gpuglitch-cpu-effects", "gpuglitch-opencl-effects"]
# WebP output (the thumbnail job written as lossy WebP q90): its own anchor and ratios.
WEBP_ANCHORS = ["pyvips-webp"]
WEBP_GPUGLITCH = ["gpuglitch-cpu-webp"]
# PNG output (the thumbnail job written as PNG, each tool's default compression): its own
# anchors and ratios; the table also gives the total bytes written against the best anchor's.
PNG_ANCHORS = ["pillow-simd-png", "pyvips-png", "pillow-png"]
PNG_GPUGLITCH = ["gpuglitch-cpu-png"]
# The srcset job (each photo once, contain 1024, 512 and 256, JPEG q85 4:2:0, three outputs an
# input named <stem>_<size>.jpg): its own anchors and ratios.
SRCSET_SIZES = (1024, 512, 256)
SRCSET_ANCHORS = ["pillow-simd-srcset", "pyvips-srcset"]
SRCSET_GPUGLITCH = ["gpuglitch-cpu-srcset"]
# The attention-crop job (the thumbnail job with the window chosen by libvips' attention
# smartcrop, --gravity attention): its own anchor and ratios.
ATTENTION_ANCHORS = ["pyvips-attention"]
ATTENTION_GPUGLITCH = ["gpuglitch-cpu-attention", "gpuglitch-opencl-attention"]
# The animated job (issue 33): each GIF of the animated corpus (make_animated_corpus.py) to a
# 256x256 animated WebP, every frame, lossy q90; its own corpus, anchors and ratios, and
# frames/s beside images/s.
ANIMATED_ANCHORS = ["pillow-animated", "pyvips-animated"]
ANIMATED_GPUGLITCH = ["gpuglitch-cpu-animated", "gpuglitch-opencl-animated"]
GROUPS = {"anchors": ANCHORS, "gpuglitch": GPUGLITCH, "effects": EFFECT_ANCHORS + EFFECT_GPUGLITCH,
          "webp": WEBP_ANCHORS + WEBP_GPUGLITCH, "png": PNG_ANCHORS + PNG_GPUGLITCH,
          "srcset": SRCSET_ANCHORS + SRCSET_GPUGLITCH,
          "attention": ATTENTION_ANCHORS + ATTENTION_GPUGLITCH,
          "animated": ANIMATED_ANCHORS + ANIMATED_GPUGLITCH,
          "all": ANCHORS + GPUGLITCH + EFFECT_ANCHORS + EFFECT_GPUGLITCH + WEBP_ANCHORS + WEBP_GPUGLITCH
          + PNG_ANCHORS + PNG_GPUGLITCH + SRCSET_ANCHORS + SRCSET_GPUGLITCH
          + ATTENTION_ANCHORS + ATTENTION_GPUGLITCH + ANIMATED_ANCHORS + ANIMATED_GPUGLITCH}

LABELS = {
    "pillow-simd": "Pillow-SIMD + draft, pool of 2",
    "pillow": "Pillow + draft, pool of 2",
    "pyvips": "pyvips thumbnail, pool of 2",
    "vipsthumbnail": "vipsthumbnail, xargs -P2",
    "opencv": "OpenCV IMREAD_REDUCED, pool of 2",
    "gpuglitch-cpu": "gpuglitch --device cpu --no-glitch",
    "gpuglitch-cpu-glitch": "gpuglitch --device cpu (glitch)",
    "gpuglitch-opencl": "gpuglitch --device opencl --no-glitch",
    "gpuglitch-opencl-glitch": "gpuglitch --device opencl (glitch)",
    "pillow-simd-effects": "Pillow-SIMD + draft + sepia + tilt-shift, pool of 2",
    "pillow-effects": "Pillow + draft + sepia + tilt-shift, pool of 2",
    "gpuglitch-cpu-effects": "gpuglitch --device cpu --effect sepia --effect tilt-shift",
    "gpuglitch-opencl-effects": "gpuglitch --device opencl --effect sepia --effect tilt-shift",
    "pyvips-webp": "pyvips thumbnail + webpsave Q90, pool of 2",
    "gpuglitch-cpu-webp": "gpuglitch --device cpu --no-glitch --format webp",
    "pillow-simd-png": "Pillow-SIMD + draft, save PNG (level 6), pool of 2",
    "pillow-png": "Pillow + draft, save PNG (level 6), pool of 2",
    "pyvips-png": "pyvips thumbnail + pngsave, pool of 2",
    "gpuglitch-cpu-png": "gpuglitch --device cpu --no-glitch --format png",
    "pillow-simd-srcset": "Pillow-SIMD, one draft, contain 1024/512/256, q85, pool of 2",
    "pyvips-srcset": "pyvips thumbnail 1024 + thumbnail_image 512/256, Q85, pool of 2",
    "gpuglitch-cpu-srcset": "gpuglitch --device cpu --no-glitch --size 1024,512,256 --fit contain",
    "pyvips-attention": "pyvips thumbnail crop=attention, pool of 2",
    "gpuglitch-cpu-attention": "gpuglitch --device cpu --no-glitch --gravity attention",
    "gpuglitch-opencl-attention": "gpuglitch --device opencl --no-glitch --gravity attention",
    "pillow-animated": "Pillow seek/convert RGBA/fit 256 each frame, save_all WebP q90 method 4, pool of 2",
    "pyvips-animated": "pyvips thumbnail n=-1, centre crop each page, webpsave Q90, pool of 2",
    "gpuglitch-cpu-animated": "gpuglitch --device cpu --no-glitch --size 256 --format webp (every frame)",
    "gpuglitch-opencl-animated": "gpuglitch --device opencl --no-glitch --size 256 --format webp (every frame)",
}


@dataclass
class Job:
    """One measured command: a tool on one input set."""

    name: str  # row name in the table
    tool: str
    argv: list[str]
    out_dir: str
    expected: int  # number of outputs a correct run writes
    env: dict[str, str] = field(default_factory=dict)
    cwd: str | None = None
    runs: list[dict] = field(default_factory=list)
    failure: str | None = None
    output_bytes: int = 0  # total size of the outputs of the last good run


def count_inputs(folder: str) -> int:
    return sum(1 for _, _, files in os.walk(folder, followlinks=True)
               for n in files if n.lower().endswith(EXTENSIONS))


def webp_size(path: str) -> tuple[int, int] | None:
    """The canvas size of a lossy (VP8) or lossless (VP8L) WebP file, or None."""
    with open(path, "rb") as f:
        head = f.read(40)
    if len(head) < 30 or head[:4] != b"RIFF" or head[8:12] != b"WEBP":
        return None
    if head[12:16] == b"VP8 ":
        return (int.from_bytes(head[26:28], "little") & 0x3FFF, int.from_bytes(head[28:30], "little") & 0x3FFF)
    if head[12:16] == b"VP8L":
        bits = int.from_bytes(head[21:25], "little")
        return ((bits & 0x3FFF) + 1, ((bits >> 14) & 0x3FFF) + 1)
    if head[12:16] == b"VP8X":
        return (int.from_bytes(head[24:27], "little") + 1, int.from_bytes(head[27:30], "little") + 1)
    return None


def png_size(path: str) -> tuple[int, int] | None:
    """The IHDR size of a PNG file, or None."""
    with open(path, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return (int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big"))


def check_outputs(out_dir: str, expected: int) -> str | None:
    """None if out_dir holds exactly `expected` 512x512 4:2:0 JPEGs (or 512x512 WebPs or
    PNGs), else what is wrong."""
    outputs = [os.path.join(d, n) for d, _, files in os.walk(out_dir) for n in files]
    if len(outputs) != expected:
        return f"{len(outputs)}/{expected} outputs"
    for path in outputs:
        if path.endswith(".png"):
            size = png_size(path)
            if size != (512, 512):
                return f"not a 512x512 PNG ({size}): {path}"
            continue
        if path.endswith(".webp"):
            size = webp_size(path)
            if size != (512, 512):
                return f"not a 512x512 WebP ({size}): {path}"
            continue
        frame = read_frame(path)
        if frame is None:
            return f"not a JPEG: {path}"
        if (frame.width, frame.height) != (512, 512):
            return f"{frame.width}x{frame.height}, not 512x512: {path}"
        if not frame.is_420:
            return f"sampling {frame.sampling}, not 4:2:0: {path}"
    return None


def check_srcset_outputs(out_dir: str, inputs: int) -> str | None:
    """None if out_dir holds exactly <stem>_1024.jpg, <stem>_512.jpg and <stem>_256.jpg for
    `inputs` stems, each a 4:2:0 JPEG whose longer side is its size, or, for a tool that does
    not enlarge, the input's own when that is smaller (the 1024 output's longer side L tells
    it: every size s must then have min(s, L)); else what is wrong."""
    outputs = [os.path.join(d, n) for d, _, files in os.walk(out_dir) for n in files]
    if len(outputs) != inputs * len(SRCSET_SIZES):
        return f"{len(outputs)}/{inputs * len(SRCSET_SIZES)} outputs"
    longer: dict[str, dict[int, tuple[int, str]]] = {}
    for path in outputs:
        stem, _, size = os.path.splitext(os.path.relpath(path, out_dir))[0].rpartition("_")
        if not path.endswith(".jpg") or not size.isdigit() or int(size) not in SRCSET_SIZES:
            return f"not named <stem>_<size>.jpg with a size of {SRCSET_SIZES}: {path}"
        frame = read_frame(path)
        if frame is None:
            return f"not a JPEG: {path}"
        if not frame.is_420:
            return f"sampling {frame.sampling}, not 4:2:0: {path}"
        longer.setdefault(stem, {})[int(size)] = (max(frame.width, frame.height), path)
    if len(longer) != inputs:
        return f"{len(longer)} stems for {inputs} inputs"
    for stem, sides in longer.items():
        if set(sides) != set(SRCSET_SIZES):
            return f"{stem}: sizes {sorted(sides)}, not {sorted(SRCSET_SIZES)}"
        largest = sides[max(SRCSET_SIZES)][0]
        for size, (side, path) in sides.items():
            if side != min(size, largest) or largest > max(SRCSET_SIZES):
                return f"longer side {side}, not {size} (or the input's, smaller): {path}"
    return None


ANIMATED_SIZE = 256


def animated_manifest(corpus: str) -> dict[str, dict]:
    """The animated corpus' manifest.json (make_animated_corpus.py): frames a GIF."""
    with open(os.path.join(corpus, "manifest.json")) as f:
        return json.load(f)


def webp_animation(path: str) -> tuple[tuple[int, int], int] | None:
    """The canvas size and number of ANMF frames of an animated WebP, or None."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 30 or data[:4] != b"RIFF" or data[8:12] != b"WEBP" or data[12:16] != b"VP8X":
        return None
    size = (int.from_bytes(data[24:27], "little") + 1, int.from_bytes(data[27:30], "little") + 1)
    frames, at = 0, 12
    while at + 8 <= len(data):
        length = int.from_bytes(data[at + 4:at + 8], "little")
        frames += data[at:at + 4] == b"ANMF"
        at += 8 + length + (length & 1)
    return size, frames


def check_animated_outputs(out_dir: str, manifest: dict[str, dict]) -> str | None:
    """None if out_dir holds exactly <stem>.webp for each GIF of the manifest, each a 256x256
    animated WebP with the GIF's number of frames (the corpus has no two equal neighbours, so
    no encoder may merge any); else what is wrong."""
    outputs = sorted(n for _, _, files in os.walk(out_dir) for n in files)
    wanted = sorted(os.path.splitext(n)[0] + ".webp" for n in manifest)
    if outputs != wanted:
        return f"{len(outputs)}/{len(wanted)} outputs, or other names"
    for name, entry in manifest.items():
        path = os.path.join(out_dir, os.path.splitext(name)[0] + ".webp")
        found = webp_animation(path)
        if found != ((ANIMATED_SIZE, ANIMATED_SIZE), entry["frames"]):
            return f"not a {ANIMATED_SIZE}x{ANIMATED_SIZE} animation of {entry['frames']} frames ({found}): {path}"
    return None


def tool_argv(tool: str, args, corpus: str, out: str, list_file: str | None = None
              ) -> tuple[list[str], dict[str, str], str | None]:
    """The exact command of each tool (see /work/shared/bench/README.md), its env and cwd.

    gpuglitch is given the corpus folder, or list_file through --list when there is one.
    """
    py, simd_py = f"{args.venv}/bin/python", f"{args.simd_venv}/bin/python"
    if tool == "pillow-animated":
        return [py, f"{HERE}/anchor_pillow_animated.py", corpus, out, "2"], {}, None
    if tool == "pyvips-animated":
        return [py, f"{HERE}/anchor_pyvips_animated.py", corpus, out, "2"], {"VIPS_CONCURRENCY": "1"}, None
        return [simd_py, f"{HERE}/anchor_pillow.py", corpus, out, "2"], {}, None
    if tool == "pillow-simd-effects":
        return [simd_py, f"{HERE}/anchor_pillow_effects.py", corpus, out, "2"], {}, None
    if tool == "pillow-effects":
        return [py, f"{HERE}/anchor_pillow_effects.py", corpus, out, "2"], {}, None
    if tool == "pillow":
        return [py, f"{HERE}/anchor_pillow.py", corpus, out, "2"], {}, None
    if tool == "pillow-simd-png":
        return [simd_py, f"{HERE}/anchor_pillow.py", corpus, out, "2", "png"], {}, None
    if tool == "pillow-png":
        return [py, f"{HERE}/anchor_pillow.py", corpus, out, "2", "png"], {}, None
    if tool == "pyvips-png":
        return [py, f"{HERE}/anchor_pyvips.py", corpus, out, "2", "png"], {"VIPS_CONCURRENCY": "1"}, None
    if tool == "pyvips-webp":
        return [py, f"{HERE}/anchor_pyvips.py", corpus, out, "2", "webp"], {"VIPS_CONCURRENCY": "1"}, None
    if tool == "pillow-simd-srcset":
        return [simd_py, f"{HERE}/anchor_pillow_srcset.py", corpus, out, "2"], {}, None
    if tool == "pyvips-srcset":
        return [py, f"{HERE}/anchor_pyvips_srcset.py", corpus, out, "2"], {"VIPS_CONCURRENCY": "1"}, None
    if tool == "pyvips":
        return [py, f"{HERE}/anchor_pyvips.py", corpus, out, "2"], {"VIPS_CONCURRENCY": "1"}, None
    if tool == "pyvips-attention":
        return [py, f"{HERE}/anchor_pyvips.py", corpus, out, "2", "jpeg", "attention"], {"VIPS_CONCURRENCY": "1"}, None
    if tool == "opencv":
        return [py, f"{HERE}/anchor_opencv.py", corpus, out, "2"], {}, None
    if tool == "vipsthumbnail":
        script = ("ls | VIPS_CONCURRENCY=1 xargs -P2 -n 25 vipsthumbnail --size 512x512 "
                  "--smartcrop centre -o \"$OUT/%s.jpg[Q=90,subsample-mode=on,strip]\"")
        return ["sh", "-c", script], {"OUT": out}, corpus
    device = "opencl" if "opencl" in tool else "cpu"
    argv = [args.gpuglitch, "process"]
    argv += ["--list", list_file] if list_file else [corpus]
    if tool.endswith("-animated"):
        return argv + ["--output", out, "--size", str(ANIMATED_SIZE), "--format", "webp", "--quality", "90",
                       "--device", device, "--no-glitch"], {}, None
    if tool.endswith("-srcset"):
        sizes = ",".join(str(s) for s in SRCSET_SIZES)
        return argv + ["--output", out, "--size", sizes, "--fit", "contain", "--format", "jpeg",
                       "--quality", "85", "--device", device, "--no-glitch"], {}, None
    output_format = "webp" if tool.endswith("-webp") else "png" if tool.endswith("-png") else "jpeg"
    argv += ["--output", out, "--size", "512", "--format", output_format, "--quality", "90", "--device", device]
    if not tool.endswith("-glitch"):
        argv.append("--no-glitch")
    if tool.endswith("-effects"):
        argv += ["--effect", "sepia", "--effect", "tilt-shift"]
    if tool.endswith("-attention"):
        argv += ["--gravity", "attention"]
    return argv, {}, None


def make_repeat_folder(corpus: str, folder: str, k: int) -> None:
    """folder/c0 .. c{k-1}, each the corpus again (hard links, or symlinks across filesystems).

    A --list of the same files k times would map k inputs to one output name (an error by
    design); copies in sub-folders keep distinct relative output paths.
    """
    names = sorted(n for n in os.listdir(corpus) if n.lower().endswith(EXTENSIONS))
    shutil.rmtree(folder, ignore_errors=True)
    for i in range(k):
        sub = os.path.join(folder, f"c{i}")
        os.makedirs(sub)
        for n in names:
            src, dst = os.path.join(corpus, n), os.path.join(sub, n)
            try:
                os.link(src, dst)
            except OSError:
                os.symlink(src, dst)


def build_jobs(args) -> list[Job]:
    tools = []
    for part in args.only.split(","):
        part = part.strip()
        for t in GROUPS.get(part, [part]):
            if t not in LABELS:
                sys.exit(f"unknown tool '{part}'; tools: {', '.join(LABELS)}; groups: "
                         f"{', '.join(GROUPS)}")
            if t not in tools:
                tools.append(t)
    unavailable = dict(u.split("=", 1) for u in args.unavailable)
    jobs = []
    if args.list_repeat > 1:
        # RSS-stays-flat mode: gpuglitch only, fed a --list file naming 1x and Kx the corpus
        tools = [t for t in tools
                 if t in GPUGLITCH + EFFECT_GPUGLITCH + WEBP_GPUGLITCH + PNG_GPUGLITCH + SRCSET_GPUGLITCH]
        if not tools:
            sys.exit("--list-repeat measures gpuglitch only; --only names no gpuglitch tool")
        repeat = os.path.join(args.work, f"corpus-x{args.list_repeat}")
        make_repeat_folder(args.corpus, repeat, args.list_repeat)
        sets = []
        for k, folder in ((1, args.corpus), (args.list_repeat, repeat)):
            list_file = os.path.join(args.work, f"list-x{k}.txt")
            with open(list_file, "w") as f:
                f.write(folder + "\n")
            sets.append((k, list_file, count_inputs(folder)))
        for t in tools:
            for k, list_file, n in sets:
                out = os.path.join(args.work, "out", f"{t}-x{k}")
                argv, env, cwd = tool_argv(t, args, args.corpus, out, list_file)
                jobs.append(Job(f"{t} ×{k}", t, argv, out, n, env, cwd))
    else:
        n = count_inputs(args.corpus)
        for t in tools:
            out = os.path.join(args.work, "out", t)
            if t in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH:
                argv, env, cwd = tool_argv(t, args, args.animated_corpus, out)
                jobs.append(Job(t, t, argv, out, len(animated_manifest(args.animated_corpus)), env, cwd))
                continue
            argv, env, cwd = tool_argv(t, args, args.corpus, out)
            jobs.append(Job(t, t, argv, out, n, env, cwd))
    for job in jobs:
        if job.tool in unavailable:
            job.failure = unavailable[job.tool]
    return jobs


def run_once(job: Job, args, label: str) -> dict | None:
    shutil.rmtree(job.out_dir, ignore_errors=True)
    os.makedirs(job.out_dir)
    log = os.path.join(args.work, "logs", f"{job.name.replace(' ×', '-x')}-{label}.log")
    env = dict(os.environ, **job.env)
    m = measure(job.argv, env=env, cwd=job.cwd, log_path=log, timeout=args.timeout)
    problem = f"exit {m.exit_code}" if m.exit_code != 0 else None
    if m.timed_out:
        problem = f"killed after {args.timeout:.0f} s"
    elif m.exit_code != 0 and m.exit_code == -signal.SIGKILL:
        problem = "killed (SIGKILL: out of memory?)"
    if not problem:
        problem = (check_srcset_outputs(job.out_dir, job.expected)
                   if job.tool in SRCSET_ANCHORS + SRCSET_GPUGLITCH
                   else check_animated_outputs(job.out_dir, animated_manifest(args.animated_corpus))
                   if job.tool in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH
                   else check_outputs(job.out_dir, job.expected))
    if not problem:
        job.output_bytes = sum(os.path.getsize(os.path.join(d, n))
                               for d, _, files in os.walk(job.out_dir) for n in files)
    if problem:
        tail = ""
        with open(log, "rb") as f:
            lines = f.read().decode("utf-8", "replace").strip().splitlines()
        if lines:
            tail = f" — {lines[-1][:160]}"
        job.failure = f"{problem}{tail} (log: {log})"
        return None
    return dict(m.__dict__, round=label)


def median(job: Job, key: str) -> float:
    return statistics.median(r[key] for r in job.runs)


def table(jobs: list[Job], n_runs: int, repeat_mode: bool) -> str:
    ok = [j for j in jobs if j.runs and not j.failure]
    def best_of(tools):
        anchors = [j for j in ok if j.tool in tools]
        return min(anchors, key=lambda j: median(j, "wall_s")) if anchors else None
    best_thumbnail, best_effects, best_webp = best_of(ANCHORS), best_of(EFFECT_ANCHORS), best_of(WEBP_ANCHORS)
    best_png, best_srcset = best_of(PNG_ANCHORS), best_of(SRCSET_ANCHORS)
    best_attention = best_of(ATTENTION_ANCHORS)
    head = ("| tool | inputs | median wall (s) | images/s | peak RSS (MiB) | peak PSS (MiB) "
            "| largest process (MiB) | CPU user+sys (s) |" if repeat_mode else
            "| tool | median wall (s) | images/s | ratio to best anchor | peak RSS (MiB) "
            "| peak PSS (MiB) | largest process (MiB) | CPU user+sys (s) |")
    lines = [head, "|" + "---|" * (head.count("|") - 1)]
    for j in jobs:
        if j.tool in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH:
            continue  # animated_table()
        if j.failure or not j.runs:
            reason = (j.failure or "not run").replace("|", "\\|")
            first = f"| {j.name} | {j.expected} |" if repeat_mode else f"| {j.name} |"
            lines.append(first + f" FAILED: {reason} |" + " |" * (5 if repeat_mode else 6))
            continue
        wall = median(j, "wall_s")
        rss, pss, one, cpu = (median(j, k) for k in ("peak_rss_bytes", "peak_pss_bytes",
                                                     "peak_single_rss_bytes", "cpu_s"))
        runs = "" if len(j.runs) == n_runs else f" ({len(j.runs)} runs)"
        if repeat_mode:
            lines.append(f"| {j.name}{runs} | {j.expected} | {wall:.2f} | {j.expected / wall:.1f} "
                         f"| {rss / MIB:.0f} | {pss / MIB:.0f} | {one / MIB:.0f} | {cpu:.2f} |")
        else:
            best = (best_effects if j.tool in EFFECT_ANCHORS + EFFECT_GPUGLITCH
                    else best_webp if j.tool in WEBP_ANCHORS + WEBP_GPUGLITCH
                    else best_png if j.tool in PNG_ANCHORS + PNG_GPUGLITCH
                    else best_srcset if j.tool in SRCSET_ANCHORS + SRCSET_GPUGLITCH
                    else best_attention if j.tool in ATTENTION_ANCHORS + ATTENTION_GPUGLITCH else best_thumbnail)
            ratio = f"{median(best, 'wall_s') / wall:.2f}×" if best else "n/a"
            if j is best:
                ratio += " (best)"
            lines.append(f"| {j.name}{runs} | {wall:.2f} | {j.expected / wall:.1f} | {ratio} "
                         f"| {rss / MIB:.0f} | {pss / MIB:.0f} | {one / MIB:.0f} | {cpu:.2f} |")
    return "\n".join(lines)


def animated_table(jobs: list[Job], corpus: str) -> str:
    """The animated job: images/s and frames/s (every frame of the corpus), the ratio to the
    faster anchor, peak RSS and the bytes written (last good run) against that anchor's."""
    done = [j for j in jobs if j.tool in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH and j.runs and not j.failure]
    failed = [j for j in jobs if j.tool in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH and (j.failure or not j.runs)]
    if not done and not failed:
        return ""
    frames = sum(e["frames"] for e in animated_manifest(corpus).values())
    anchors = [j for j in done if j.tool in ANIMATED_ANCHORS]
    best = min(anchors, key=lambda j: median(j, "wall_s")) if anchors else None
    lines = [f"Animated job: {len(animated_manifest(corpus))} GIFs, {frames} frames, to 256x256 animated WebP q90.",
             "",
             "| animated tool | median wall (s) | images/s | frames/s | ratio to faster anchor | peak RSS (MiB) "
             "| CPU user+sys (s) | output bytes | bytes to anchor's |",
             "|---|---|---|---|---|---|---|---|---|"]
    for j in done:
        wall = median(j, "wall_s")
        ratio = f"{median(best, 'wall_s') / wall:.2f}×" if best else "n/a"
        if j is best:
            ratio += " (best)"
        size = f"{j.output_bytes / best.output_bytes:.3f}×" if best and best.output_bytes else "n/a"
        lines.append(f"| {j.name} | {wall:.2f} | {j.expected / wall:.2f} | {frames / wall:.0f} | {ratio} "
                     f"| {median(j, 'peak_rss_bytes') / MIB:.0f} | {median(j, 'cpu_s'):.2f} "
                     f"| {j.output_bytes:,} | {size} |")
    for j in failed:
        reason = (j.failure or "not run").replace("|", "\\|")
        lines.append(f"| {j.name} | FAILED: {reason} |" + " |" * 7)
    return "\n".join(lines)


def png_bytes_table(jobs: list[Job]) -> str:
    """Total bytes each PNG-writing tool wrote (last good run), against Pillow's level 6 output
    (Pillow-SIMD's, or Pillow's where that did not run): the encoders' size trade-off."""
    done = [j for j in jobs if j.tool in PNG_ANCHORS + PNG_GPUGLITCH and j.output_bytes and not j.failure]
    reference = next((j for t in ("pillow-simd-png", "pillow-png") for j in done if j.tool == t), None)
    if not done:
        return ""
    lines = ["| PNG tool | total bytes | ratio to Pillow's |", "|---|---|---|"]
    for j in done:
        ratio = f"{j.output_bytes / reference.output_bytes:.3f}×" if reference else "n/a"
        lines.append(f"| {j.name} | {j.output_bytes:,} | {ratio} |")
    return "\n".join(lines)


def versions(args, jobs: list[Job]) -> dict[str, str]:
    """Version of each tool that ran, for the record."""
    def run(argv):
        try:
            r = subprocess.run(argv, capture_output=True, text=True, timeout=60)
            return (r.stdout or r.stderr).strip().splitlines()[0] if r.returncode == 0 else "?"
        except (OSError, subprocess.SubprocessError, IndexError):
            return "?"
    py, simd_py = f"{args.venv}/bin/python", f"{args.simd_venv}/bin/python"
    probes = {
        "pillow-simd": [simd_py, "-c", "import PIL; print('Pillow-SIMD', PIL.__version__)"],
        "pillow-simd-effects": [simd_py, "-c", "import PIL; print('Pillow-SIMD', PIL.__version__)"],
        "pillow-effects": [py, "-c", "import PIL; print('Pillow', PIL.__version__)"],
        "pyvips-webp": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                        " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "pyvips-png": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                       " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "pillow-simd-srcset": [simd_py, "-c", "import PIL; print('Pillow-SIMD', PIL.__version__)"],
        "pyvips-srcset": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                          " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "pyvips-attention": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                             " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "pillow-simd-png": [simd_py, "-c", "import PIL; print('Pillow-SIMD', PIL.__version__)"],
        "pillow-png": [py, "-c", "import PIL; print('Pillow', PIL.__version__)"],
        "pillow-animated": [py, "-c", "import PIL; print('Pillow', PIL.__version__)"],
        "pyvips-animated": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                            " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "pillow": [py, "-c", "import PIL; print('Pillow', PIL.__version__)"],
        "pyvips": [py, "-c", "import pyvips; print('pyvips', pyvips.__version__, 'libvips',"
                   " '.'.join(str(pyvips.version(i)) for i in range(3)))"],
        "opencv": [py, "-c", "import cv2; print('OpenCV', cv2.__version__)"],
        "vipsthumbnail": ["vipsthumbnail", "--vips-version"],
    }
    out = {}
    for t in dict.fromkeys(j.tool for j in jobs):
        if t in probes:
            out[t] = run(probes[t])
        elif t.startswith("gpuglitch") and "gpuglitch" not in out:
            rev = run(["git", "-C", os.path.dirname(os.path.dirname(HERE)), "log", "-1",
                       "--format=%h %cs %s"])
            out["gpuglitch"] = f"{args.gpuglitch} (repo at {rev})"
    return out


def machine() -> str:
    model = "?"
    try:
        with open("/proc/cpuinfo") as f:
            model = next(l.split(":", 1)[1].strip() for l in f if l.startswith("model name"))
    except (OSError, StopIteration):
        pass
    with open("/proc/meminfo") as f:
        mem = int(f.readline().split()[1]) // 1024
    return f"{os.cpu_count()} cores ({model}), {mem // 1024} GiB, {platform.platform()}"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--corpus", required=True)
    p.add_argument("--animated-corpus", default="/tmp/gpuglitch-animated-corpus",
                   help="the animated job's GIFs and manifest.json (make_animated_corpus.py)")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--warmup", type=int, default=1,
                   help="unmeasured rounds first (page cache, POCL kernel cache) [1]")
    p.add_argument("--only", default="all", help="tools or groups (anchors, gpuglitch, all)")
    p.add_argument("--list-repeat", type=int, default=0)
    p.add_argument("--timeout", type=float, default=900, help="seconds per run [900]")
    p.add_argument("--venv", required=True)
    p.add_argument("--simd-venv", required=True)
    p.add_argument("--gpuglitch", default="gpuglitch")
    p.add_argument("--work", required=True, help="outputs, logs, results.json, table.md")
    p.add_argument("--unavailable", action="append", default=[], metavar="TOOL=REASON")
    args = p.parse_args()
    args.corpus = os.path.abspath(args.corpus)
    args.animated_corpus = os.path.abspath(args.animated_corpus)
    args.work = os.path.abspath(args.work)
    os.makedirs(os.path.join(args.work, "logs"), exist_ok=True)

    jobs = build_jobs(args)
    started = datetime.datetime.now().astimezone()
    load_start = os.getloadavg()
    rounds = [f"warmup{i + 1}" for i in range(args.warmup)] + [f"run{i + 1}" for i in range(args.runs)]
    for label in rounds:
        for job in jobs:
            if job.failure:
                continue
            result = run_once(job, args, label)
            if result is None:
                print(f"[{label}] {job.name}: FAILED: {job.failure}", file=sys.stderr, flush=True)
                continue
            print(f"[{label}] {job.name}: {result['wall_s']:.2f} s, "
                  f"RSS {result['peak_rss_bytes'] / MIB:.0f} MiB, "
                  f"PSS {result['peak_pss_bytes'] / MIB:.0f} MiB, "
                  f"CPU {result['cpu_s']:.2f} s", file=sys.stderr, flush=True)
            if label.startswith("run"):
                job.runs.append(result)
    for job in jobs:
        shutil.rmtree(job.out_dir, ignore_errors=True)

    load_end = os.getloadavg()
    n_inputs = count_inputs(args.corpus)
    corpus_bytes = sum(os.path.getsize(os.path.join(args.corpus, n)) for n in os.listdir(args.corpus))
    vers = versions(args, jobs)
    md = [
        f"Date: {started:%Y-%m-%d %H:%M %Z}. Machine: {machine()}.",
        f"Load average (1 min) at start {load_start[0]:.2f}, at end {load_end[0]:.2f}.",
        f"Corpus: {args.corpus}, {n_inputs} images, {corpus_bytes / MIB:.0f} MiB. "
        f"Medians of {args.runs} alternating rounds after {args.warmup} warm-up round(s).",
        "",
    ]
    if any(j.tool not in ANIMATED_ANCHORS + ANIMATED_GPUGLITCH for j in jobs):
        md += [table(jobs, args.runs, args.list_repeat > 1), ""]
    png_table = png_bytes_table(jobs)
    if png_table:
        md += [png_table, ""]
    anim_table = animated_table(jobs, args.animated_corpus)
    if anim_table:
        md += [anim_table, ""]
    md += [
        "Versions: " + "; ".join(f"{k}: {v}" for k, v in vers.items()) + ".",
    ]
    text = "\n".join(md)
    print(text)
    with open(os.path.join(args.work, "table.md"), "w") as f:
        f.write(text + "\n")
    with open(os.path.join(args.work, "results.json"), "w") as f:
        json.dump({"date": started.isoformat(), "machine": machine(), "corpus": args.corpus,
                   "versions": vers, "jobs": [
                       {"name": j.name, "tool": j.tool, "argv": j.argv, "env": j.env,
                        "cwd": j.cwd, "expected": j.expected, "failure": j.failure,
                        "output_bytes": j.output_bytes,
                        "runs": j.runs} for j in jobs]}, f, indent=1)


if __name__ == "__main__":
    main()
