"""Run one command and measure its whole process tree: wall time, peak summed RSS and PSS, CPU.

Why a sampler: GNU time and wait4() report the largest RSS of any *single* process, but the
anchors run as pools (a parent plus two workers, or xargs plus two vipsthumbnail processes),
so the memory a batch really holds is the sum over the tree at one instant. This module
polls the tree every INTERVAL seconds from a background thread and keeps the peak of:

- summed RSS: resident pages of every live process in the tree (/proc/PID/statm, field 2),
  added up. Pages shared between processes (libraries, copy-on-write pages of a forked pool)
  are counted once per process, so this over-states the machine's real cost; it is what the
  table reports because it is what `ps`/`top` users add up and what the anchors table uses.
- summed PSS: proportional set size (/proc/PID/smaps_rollup), which splits each shared page
  between the processes that map it, so the sum is the tree's real share of memory. It is
  read when the summed RSS reaches a new high and at least every PSS_INTERVAL, not at every
  sample: reading it walks the page tables and slowed the measured commands by 12-15%.

Spikes shorter than the interval can be missed; 20 ms is short against a 20-80 ms image.
- largest single process: the peak RSS of the biggest one process, sampled, for comparison
  with tables made with GNU time (`/usr/bin/time -v`, "Maximum resident set size").
wait4()'s ru_maxrss is not used for that: it even includes the measuring Python process's
own size from before the child's exec().
CPU time (user+sys) comes from wait4() on the child and covers every descendant that was
waited for (pool workers, xargs children), so it is exact, not sampled. It is less sensitive
than wall time to other load on a shared machine.

Only the Python standard library is used, so the measurement does not depend on any venv.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from dataclasses import dataclass

PAGE = os.sysconf("SC_PAGE_SIZE")
INTERVAL = 0.020
PSS_INTERVAL = 0.5


@dataclass
class Measurement:
    """What one run of one command cost."""

    exit_code: int
    wall_s: float
    cpu_s: float  # user + sys of the whole waited-for tree
    peak_rss_bytes: int  # peak over samples of the summed RSS of the tree
    peak_pss_bytes: int  # peak over samples of the summed PSS of the tree
    peak_single_rss_bytes: int  # peak RSS of the largest single process (what GNU time shows)
    samples: int
    timed_out: bool = False


def _read(path: str) -> str | None:
    try:
        with open(path, "rb") as f:
            return f.read().decode("ascii", "replace")
    except OSError:
        return None


def _children(pid: int) -> list[int]:
    """Direct children of pid, over all its threads (a child may be forked by any thread)."""
    kids: list[int] = []
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return kids
    for tid in tids:
        text = _read(f"/proc/{pid}/task/{tid}/children")
        if text:
            kids.extend(int(x) for x in text.split())
    return kids


def _children_by_scan(root: int) -> list[int]:
    """Fallback when the kernel lacks /proc/PID/task/TID/children: scan every /proc/PID/stat."""
    parent: dict[int, int] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        stat = _read(f"/proc/{name}/stat")
        if stat is None:
            continue
        # the command name may hold spaces and parentheses; fields restart after the last ')'
        fields = stat[stat.rfind(")") + 2 :].split()
        parent[int(name)] = int(fields[1])
    tree, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        kids = [c for c, pp in parent.items() if pp == p]
        tree.extend(kids)
        frontier.extend(kids)
    return tree


_HAS_CHILDREN_FILE = os.path.exists(f"/proc/{os.getpid()}/task/{os.getpid()}/children")


def tree_pids(root: int) -> list[int]:
    """root and all its live descendants."""
    if not _HAS_CHILDREN_FILE:
        return [root] + _children_by_scan(root)
    pids, frontier = [], [root]
    while frontier:
        p = frontier.pop()
        pids.append(p)
        frontier.extend(_children(p))
    return pids


def _rss(pid: int) -> int:
    text = _read(f"/proc/{pid}/statm")
    return int(text.split()[1]) * PAGE if text else 0


def _pss(pid: int) -> int:
    text = _read(f"/proc/{pid}/smaps_rollup")
    if not text:
        return 0
    for line in text.splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) * 1024
    return 0


class _Sampler(threading.Thread):
    def __init__(self, root: int):
        super().__init__(daemon=True)
        self.root = root
        self.stop = threading.Event()
        self.peak_rss = 0
        self.peak_pss = 0
        self.peak_single = 0
        self.samples = 0

    def run(self) -> None:
        last_pss = float("-inf")
        while True:
            pids = tree_pids(self.root)
            rss = [_rss(p) for p in pids]
            total = sum(rss)
            # smaps_rollup walks the process's page tables under its mmap lock: read every
            # 20 ms it slowed the measured commands by 12-15% (more for processes that map
            # LLVM, as POCL does). PSS can only peak near an RSS peak, so it is read when the
            # summed RSS reaches a new high, and otherwise at most every PSS_INTERVAL.
            now = time.perf_counter()
            if total > self.peak_rss or now - last_pss >= PSS_INTERVAL:
                self.peak_pss = max(self.peak_pss, sum(_pss(p) for p in pids))
                last_pss = now
            self.peak_rss = max(self.peak_rss, total)
            self.peak_single = max(self.peak_single, max(rss))
            self.samples += 1
            if self.stop.wait(INTERVAL):
                return


def measure(argv: list[str], env: dict[str, str] | None = None, cwd: str | None = None,
            log_path: str | None = None, timeout: float | None = None) -> Measurement:
    """Run argv to completion, stdout+stderr to log_path (or discarded), and measure it.

    A command that cannot be started at all is reported with exit code 127, like a shell.
    After `timeout` seconds the command's whole process group (it gets its own session) is
    killed, and the measurement says timed_out.
    """
    out = open(log_path, "wb") if log_path else subprocess.DEVNULL
    try:
        start = time.perf_counter()
        try:
            proc = subprocess.Popen(argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                                    stdout=out, stderr=subprocess.STDOUT,
                                    start_new_session=True)
        except OSError as error:
            if log_path:
                out.write(f"cannot start {argv[0]}: {error}\n".encode())
            return Measurement(127, 0.0, 0.0, 0, 0, 0, 0)
        sampler = _Sampler(proc.pid)
        sampler.start()
        expired = threading.Event()

        def kill_group() -> None:
            expired.set()
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass

        timer = threading.Timer(timeout, kill_group) if timeout else None
        if timer:
            timer.start()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        if timer:
            timer.cancel()
        proc.returncode = os.waitstatus_to_exitcode(status)  # keep Popen from waiting again
        sampler.stop.set()
        sampler.join()
    finally:
        if log_path:
            out.close()
    return Measurement(
        exit_code=proc.returncode,
        wall_s=wall,
        cpu_s=usage.ru_utime + usage.ru_stime,
        peak_rss_bytes=sampler.peak_rss,
        peak_pss_bytes=sampler.peak_pss,
        peak_single_rss_bytes=sampler.peak_single,
        samples=sampler.samples,
        timed_out=expired.is_set(),
    )


if __name__ == "__main__":
    import json
    import sys

    if len(sys.argv) < 2:
        sys.exit("usage: measure.py COMMAND [ARG...]   (prints a JSON measurement)")
    print(json.dumps(measure(sys.argv[1:]).__dict__))
