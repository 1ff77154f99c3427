"""Benchmark: `cardgm --help` start-up (target: under 0.3 s), beside `python -c pass`.

    python bench/bench_help.py [--runs 9]

Times each command's wall clock over several runs, alternating the two so that both meet the same
load, and prints the medians, the ratio (cardgm's start-up in units of the interpreter's own) and
the load average. A reader on another machine compares the ratio.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # bench/baseline.py

ROOT = Path(__file__).resolve().parent.parent


def wall(command: list[str]) -> float:
    t0 = time.perf_counter()
    subprocess.run(command, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t0


def main() -> None:
    import baseline

    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=9)
    args = ap.parse_args()
    bare = [sys.executable, "-c", "pass"]
    helped = [sys.executable, "-m", "cardgm.cli", "--help"]
    wall(helped)  # once to warm the file cache and the bytecode
    print(baseline.load())
    pairs = [(wall(bare), wall(helped)) for _ in range(args.runs)]
    base = statistics.median(p[0] for p in pairs)
    cardgm = statistics.median(p[1] for p in pairs)
    print(f"python -c pass   median {base:6.3f} s over {args.runs} runs")
    print(f"cardgm --help    median {cardgm:6.3f} s over {args.runs} runs   ratio {cardgm / base:5.2f}")
    print(baseline.load())


if __name__ == "__main__":
    main()
