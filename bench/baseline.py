"""A baseline measured in the same run as every figure, so a figure can be checked anywhere.

Machines differ, and one machine differs twofold from day to day with its load. So each benchmark
times, beside its own figure, a fixed reference loop of plain Python (tuples, a dict, integer
arithmetic: what the engines and solvers spend their time on), and prints the ratio of the two,
with the load average. A reader on another machine runs the same command and compares ratios.

    python bench/baseline.py      # the reference loop's rate and the load, alone
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable

UNIT_STEPS = 100  # one reference unit: 100 steps of dict-and-tuple work


def _unit() -> int:
    """One unit of the reference work. Fixed: never change it, or old ratios stop comparing."""
    seen: dict[tuple[int, int], int] = {}
    total = 0
    for i in range(UNIT_STEPS):
        key = (i, i & 7)
        seen[key] = seen.get(key, 0) + i
        total += len(seen) ^ i
    return total


def reference_rate(seconds: float = 2.0, clock: Callable[[], float] = time.perf_counter) -> float:
    """Reference units a second on this core, now: the best of a few half-second rounds (the
    best is the least disturbed by other work). `clock` is the one the figure beside it is
    counted on: wall seconds by default, `time.process_time` for CPU seconds."""
    best = 0.0
    rounds = max(1, round(seconds / 0.5))
    for _ in range(rounds):
        n, t0 = 0, clock()
        while (elapsed := clock() - t0) < 0.5:
            for _ in range(200):
                _unit()
            n += 200
        best = max(best, n / elapsed)
    return best


def reference_seconds(units: int = 20_000) -> float:
    """Seconds for a fixed number of reference units (the best of three): a baseline for jobs
    measured in seconds (a solve, a start-up)."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        for _ in range(units):
            _unit()
        best = min(best, time.perf_counter() - t0)
    return best


def load() -> str:
    """The load average (1, 5, 15 minutes) and the cores, for the record beside every figure."""
    try:
        one, five, fifteen = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} {five:.2f} {fifteen:.2f} on {os.cpu_count()} cores"


def one_core() -> None:
    """Pin this process to one core, as the targets are stated."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {sorted(os.sched_getaffinity(0))[0]})


if __name__ == "__main__":
    import argparse

    ap = argparse.ArgumentParser(description="The reference loop's rate on one core, and the load.")
    ap.add_argument("--seconds", type=float, default=2.0, help="time to measure it (rounds of half a second)")
    one_core()
    print(f"reference loop  {reference_rate(ap.parse_args().seconds):>12,.0f} units/s   ({load()})")
